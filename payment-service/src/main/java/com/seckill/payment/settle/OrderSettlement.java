package com.seckill.payment.settle;

import com.seckill.payment.payment.Payment;
import com.seckill.payment.payment.PaymentMapper;
import java.security.SecureRandom;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.cloud.client.loadbalancer.LoadBalanced;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.client.RestClient;
import org.springframework.web.client.RestClientException;

/**
 * Applies paid payments to their orders through order-service's idempotent internal call. The
 * payment row is its own outbox: until order-service has answered, {@code order_notified} stays
 * 0 and the relay asks again, so a payment survives order-service being down. An order that was
 * closed or cancelled before the money came is refunded, never paid.
 */
@Configuration(proxyBeanMethods = false)
public class OrderSettlement {

    private static final Logger log = LoggerFactory.getLogger(OrderSettlement.class);
    private static final int BATCH = 200;

    private final PaymentMapper payments;
    private final RestClient orderService;
    private final TransactionTemplate tx;
    private final SecureRandom random = new SecureRandom();

    OrderSettlement(PaymentMapper payments, RestClient.Builder loadBalanced, TransactionTemplate tx) {
        this.payments = payments;
        this.orderService = loadBalanced.baseUrl("http://order-service").build();
        this.tx = tx;
    }

    @Bean
    @LoadBalanced
    static RestClient.Builder loadBalancedRestClient() {
        return RestClient.builder();
    }

    @Scheduled(fixedDelayString = "${seckill.payment.settle-interval:2s}")
    void settlePending() {
        List<Payment> pending;
        try {
            pending = payments.findPaidNotNotified(BATCH);
        } catch (RuntimeException e) {
            log.warn("Pending payments not read: {}", e.toString());
            return;
        }
        for (Payment payment : pending) {
            if (!trySettle(payment)) {
                return; // order-service is unreachable: the next round tries again
            }
        }
    }

    /** One attempt; false when order-service could not be reached. */
    public boolean trySettle(Payment payment) {
        PaymentApplied answer;
        try {
            answer = orderService.post().uri("/internal/orders/{id}/pay", payment.orderId())
                    .exchange((request, response) -> {
                        if (response.getStatusCode().value() == 404) {
                            return null;
                        }
                        if (!response.getStatusCode().is2xxSuccessful()) {
                            throw new RestClientException("order-service answered " + response.getStatusCode());
                        }
                        return response.bodyTo(PaymentApplied.class);
                    });
        } catch (RestClientException e) {
            log.warn("Payment {} not applied to order {} yet: {}", payment.tradeNo(), payment.orderId(), e.toString());
            return false;
        }
        if (answer != null && ("PAID".equals(answer.outcome()) || "ALREADY_PAID".equals(answer.outcome()))) {
            payments.markOrderNotified(payment.id());
        } else {
            refund(payment, answer == null ? "order unknown" : "order was no longer pending");
        }
        return true;
    }

    private void refund(Payment payment, String reason) {
        tx.executeWithoutResult(status -> {
            if (payments.markRefunded(payment.id()) == 1) {
                payments.insertRefund(refundNo(), payment.tradeNo(), payment.orderId(), payment.amount(), reason);
                log.info("Payment {} refunded: {}", payment.tradeNo(), reason);
            }
        });
    }

    private String refundNo() {
        return "R" + System.currentTimeMillis() + String.format("%012d", Math.floorMod(random.nextLong(), 1_000_000_000_000L));
    }

    record PaymentApplied(long orderId, String outcome) {
    }
}
