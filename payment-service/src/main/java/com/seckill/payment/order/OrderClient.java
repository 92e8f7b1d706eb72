package com.seckill.payment.order;

import com.seckill.common.error.SeckillException;
import com.seckill.common.ledger.OrderServiceApi;
import com.seckill.common.ledger.OrderSnapshot;
import com.seckill.common.ledger.PaymentApplied;
import com.seckill.common.ledger.PaymentNotice;
import com.seckill.common.ledger.RefundApplied;
import com.seckill.payment.Refusals;
import com.seckill.web.trust.ServiceCredentials;
import java.math.BigDecimal;
import java.util.Optional;
import org.springframework.cloud.client.loadbalancer.LoadBalanced;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;

/**
 * The orders belong to order-service: payment-service asks it (an order's owner, price and state;
 * applying a payment or a refund) instead of reading its table, with a service token scoped to exactly that.
 */
@Configuration(proxyBeanMethods = false)
public class OrderClient {

    private static final org.slf4j.Logger log = org.slf4j.LoggerFactory.getLogger(OrderClient.class);

    private final RestClient orderService;

    OrderClient(RestClient.Builder loadBalanced, ServiceCredentials credentials) {
        this.orderService = loadBalanced.baseUrl("http://order-service").requestInterceptor(credentials).build();
    }

    @Bean
    @LoadBalanced
    static RestClient.Builder loadBalancedRestClient() {
        return RestClient.builder();
    }

    /**
     * @return the order, or empty when order-service knows no such order
     * @throws SeckillException BUSY when order-service cannot be asked now
     */
    public Optional<OrderSnapshot> find(long orderId) {
        try {
            return Optional.ofNullable(orderService.get().uri(OrderServiceApi.ORDER, orderId)
                    .exchange((request, response) -> {
                        if (response.getStatusCode().value() == 404) {
                            return null;
                        }
                        if (!response.getStatusCode().is2xxSuccessful()) {
                            throw new RestClientException("order-service answered " + response.getStatusCode());
                        }
                        return response.bodyTo(OrderSnapshot.class);
                    }));
        } catch (RestClientException e) {
            throw new Refusals.OrdersUnavailable();
        }
    }

    /**
     * Applies a payment; idempotent.
     *
     * @return what became of it, or null when order-service knows no such order
     * @throws RestClientException when order-service could not be reached or failed
     */
    public PaymentApplied pay(long orderId, BigDecimal amount) {
        return orderService.post().uri(OrderServiceApi.PAY, orderId)
                .body(new PaymentNotice(amount))
                .exchange((request, response) -> {
                    if (response.getStatusCode().value() == 404) {
                        return null;
                    }
                    if (!response.getStatusCode().is2xxSuccessful()) {
                        throw new RestClientException("order-service answered " + response.getStatusCode());
                    }
                    return response.bodyTo(PaymentApplied.class);
                });
    }

    /**
     * Tells order-service a payment was refunded; idempotent.
     *
     * @return what became of it, or empty when order-service could not be reached or failed (ask again later)
     */
    public Optional<RefundApplied> refundQuietly(long orderId, BigDecimal amount) {
        try {
            return Optional.ofNullable(orderService.post().uri(OrderServiceApi.REFUND, orderId)
                    .body(new PaymentNotice(amount))
                    .exchange((request, response) -> {
                        if (response.getStatusCode().value() == 404) {
                            return new RefundApplied(orderId, "UNKNOWN");
                        }
                        if (!response.getStatusCode().is2xxSuccessful()) {
                            throw new RestClientException("order-service answered " + response.getStatusCode());
                        }
                        return response.bodyTo(RefundApplied.class);
                    }));
        } catch (RestClientException e) {
            log.warn("Refund of order {} not applied yet: {}", orderId, e.toString());
            return Optional.empty();
        }
    }
}
