/** The demo login: hands out a token for any user id, so the local system can be tried without an identity provider. */
package com.seckill.gateway.demotoken;
