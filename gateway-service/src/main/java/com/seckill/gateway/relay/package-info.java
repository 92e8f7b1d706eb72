/** What the gateway tells the inner services about a request it forwards: its own signed word for who sent it. */
package com.seckill.gateway.relay;
