/** Bounds request bodies before anything reads or routes them. */
package com.seckill.gateway.body;
