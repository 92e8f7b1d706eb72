/** The HTTP headers the gateway and the inner services agree on. */
package com.seckill.common.web;
