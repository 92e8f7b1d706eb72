/**
 * An inner service's own bound on what it takes at once (contract §11): whatever sent the requests,
 * it answers the ones beyond its adaptive limit with 503 BUSY at once, instead of queueing them in
 * Tomcat until the connection is reset.
 */
package com.seckill.web.overload;
