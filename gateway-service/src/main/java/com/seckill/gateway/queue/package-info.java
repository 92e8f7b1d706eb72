/**
 * The gateway's side of the waiting room (contract §11): on an activity with a waiting room, a path is
 * asked for only with a valid admission, checked here without Redis and without asking seckill-service.
 */
package com.seckill.gateway.queue;
