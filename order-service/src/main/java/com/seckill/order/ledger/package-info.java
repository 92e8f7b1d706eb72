/** What other services may ask the owner of the orders, through authenticated internal endpoints. */
package com.seckill.order.ledger;
