/** The error contract: stable codes and the exception that carries one. */
package com.seckill.common.error;
