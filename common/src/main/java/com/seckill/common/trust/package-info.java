/**
 * The credential every call to an inner service carries (contract §9): a short-lived HS256 token
 * the gateway signs for the identity it verified, or a service signs for itself, scoped.
 */
package com.seckill.common.trust;
