/** Settling what Redis believes with what MySQL recorded: stuck requests and reconciliation. */
package com.seckill.seckill.settle;
