/** Each inner service's OpenAPI document: its public operations, the bearer token, the problems each can answer. */
package com.seckill.web.openapi;
