/**
 * An inner service warms its hot paths before it says it is ready: requests it sends itself, until their
 * answers stop getting faster, so that the first shoppers meet compiled code rather than the interpreter.
 */
package com.seckill.web.warmup;
