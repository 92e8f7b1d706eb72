/** How every failure of an inner service becomes an RFC 9457 problem+json answer with a stable code. */
package com.seckill.web.problem;
