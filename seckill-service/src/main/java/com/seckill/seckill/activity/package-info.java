/** Activities: their definition in MySQL, the in-memory catalog shoppers browse, and warm-up into Redis. */
package com.seckill.seckill.activity;
