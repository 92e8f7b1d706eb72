/**
 * order-service and the order queue as seckill-service sees them: what MySQL recorded (asked of
 * its owner, never read from its tables) and whether every accepted purchase has been written.
 */
package com.seckill.seckill.orders;
