/**
 * order-service's internal API: what other services may ask the owner of the orders (contract §3, one
 * owner per table) instead of reading its tables. Each call needs a service token with the scope named.
 */
package com.seckill.common.ledger;
