/** The gateway's health on its public port: the one actuator answer the world may see. */
package com.seckill.gateway.health;
