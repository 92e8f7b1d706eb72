/** Who is calling: HS256 JWT verification and issuing, and which paths are public, for users or for admins. */
package com.seckill.gateway.auth;
