/** How the gateway itself asks the inner services something: load-balanced, with the word it signs for each request. */
package com.seckill.gateway.services;
