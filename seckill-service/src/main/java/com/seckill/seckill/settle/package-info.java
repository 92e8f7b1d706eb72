/**
 * Requests end here: order-service's settlements applied to this service's keys, stuck requests looked up in
 * MySQL, and reconciliation of what Redis believes with what MySQL recorded.
 */
package com.seckill.seckill.settle;
