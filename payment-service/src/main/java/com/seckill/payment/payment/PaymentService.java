package com.seckill.payment.payment;

import com.seckill.common.error.SeckillException;
import com.seckill.common.ledger.OrderSnapshot;
import com.seckill.payment.Refusals;
import com.seckill.payment.order.OrderClient;
import java.security.SecureRandom;
import java.time.Clock;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

/** One payment per order, for the amount of the order's price snapshot: never the client's figure. */
@Service
public class PaymentService {

    private final PaymentMapper payments;
    private final OrderClient orders;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    PaymentService(PaymentMapper payments, OrderClient orders, Clock clock) {
        this.payments = payments;
        this.orders = orders;
        this.clock = clock;
    }

    /** Creates the payment of my pending order, or returns the one it already has. */
    Payment create(long orderId, long userId) {
        Payment existing = payments.findByOrder(orderId);
        if (existing != null) {
            return owned(existing, userId);
        }
        OrderSnapshot order = orders.find(orderId).filter(found -> found.userId() == userId).orElseThrow(PaymentService::notFound);
        if (!order.pending()) {
            throw new Refusals.OrderNotPayable();
        }
        try {
            payments.insert(tradeNo(), orderId, userId, order.price());
        } catch (DuplicateKeyException e) {
            // a concurrent request for the same order won: its payment is the one
        }
        return owned(payments.findByOrder(orderId), userId);
    }

    public Payment owned(String tradeNo, long userId) {
        Payment payment = payments.findByTradeNo(tradeNo);
        if (payment == null) {
            throw notFound();
        }
        return owned(payment, userId);
    }

    private static Payment owned(Payment payment, long userId) {
        if (payment.userId() != userId) {
            throw notFound();
        }
        return payment;
    }

    private static SeckillException notFound() {
        return new Refusals.UnknownPayment();
    }

    /** "T", 13 digits of epoch millis, 12 random digits; uk_payment_trade guards the rest. */
    private String tradeNo() {
        return "T" + clock.millis() + String.format("%012d", Math.floorMod(random.nextLong(), 1_000_000_000_000L));
    }
}
