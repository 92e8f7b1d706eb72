/**
 * The servlet services' side of input rules (contract §8, invariant 6): ids in one spelling, JSON
 * bodies in well-formed UTF-8, and Tomcat's own refusals as problem+json.
 */
package com.seckill.web.edge;
