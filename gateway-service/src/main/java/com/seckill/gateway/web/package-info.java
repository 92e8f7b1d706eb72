/** What every answer carries whatever produced it: security headers, and the CORS policy. */
package com.seckill.gateway.web;
