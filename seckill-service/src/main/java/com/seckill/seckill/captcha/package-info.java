/** Arithmetic captcha per user and activity: a PNG to read, and an answer that opens the path request once. */
package com.seckill.seckill.captcha;
