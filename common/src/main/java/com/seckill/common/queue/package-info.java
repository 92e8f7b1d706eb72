/**
 * What a waiting room tells a shopper (contract §11), worked out from the room's figures alone: the answer's
 * shape, the draw of the places at the start, when to ask again. seckill-service answers joins and the shoppers
 * whose place is served; the gateway answers the others from the figures it reads every 200 ms. One definition,
 * so both say the same.
 */
package com.seckill.common.queue;
