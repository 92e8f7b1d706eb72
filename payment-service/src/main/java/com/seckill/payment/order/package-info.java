/** order-service as payment-service sees it: its internal API, called with payment-service's own credential. */
package com.seckill.payment.order;
