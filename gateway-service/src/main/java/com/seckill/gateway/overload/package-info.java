/**
 * Overload (contract §11): the gateway lets through only the concurrency each inner service finishes
 * in time, found by an adaptive limit, and answers the rest at once; a sale it saw sold out is answered
 * here for a moment, without asking seckill-service again.
 */
package com.seckill.gateway.overload;
