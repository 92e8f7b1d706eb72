/** Every error the gateway answers, its own or a routing failure, as RFC 9457 problem+json with a stable code. */
package com.seckill.gateway.error;
