/** Who is on the other end of the connection: the client address, trusting X-Forwarded-For only from known proxies. */
package com.seckill.gateway.client;
