/** Orders: the MySQL rows, their states and the owner's view of them. */
package com.seckill.order.order;
