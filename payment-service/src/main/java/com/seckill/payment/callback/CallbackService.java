package com.seckill.payment.callback;

import com.seckill.payment.PaymentProperties;
import com.seckill.payment.Refusals;
import com.seckill.payment.payment.Payment;
import com.seckill.payment.payment.PaymentMapper;
import com.seckill.payment.refund.RefundConfirmations;
import com.seckill.payment.settle.OrderSettlement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.springframework.stereotype.Service;

/**
 * Applies a provider callback: signature, freshness, trade, order and amount are checked before
 * anything is written; the payment turns paid once, and a refund asked of the provider refunded once, whatever
 * the number of deliveries.
 */
@Service
class CallbackService {

    private final CallbackSignature signature;
    private final PaymentMapper payments;
    private final OrderSettlement settlement;
    private final RefundConfirmations refunds;
    private final CallbackParser parser;
    private final PaymentProperties properties;
    private final Clock clock;

    CallbackService(CallbackSignature signature, CallbackParser parser, PaymentMapper payments, OrderSettlement settlement,
                    RefundConfirmations refunds, PaymentProperties properties, Clock clock) {
        this.signature = signature;
        this.payments = payments;
        this.settlement = settlement;
        this.refunds = refunds;
        this.parser = parser;
        this.properties = properties;
        this.clock = clock;
    }

    Payment handle(byte[] body, String signatureHeader) {
        if (!signature.matches(body, signatureHeader)) {
            throw new Refusals.SignatureMismatch();
        }
        ProviderCallback callback = parser.parse(body);
        Instant sent = Instant.ofEpochSecond(callback.timestamp());
        if (Duration.between(sent, clock.instant()).abs().compareTo(properties.timestampTolerance()) > 0) {
            throw new Refusals.StaleCallback();
        }
        Payment payment = payments.findByTradeNo(callback.tradeNo());
        if (payment == null) {
            throw new Refusals.UnknownTrade(callback.tradeNo());
        }
        if (payment.orderId() != callback.orderId() || payment.amount().compareTo(callback.amount()) != 0) {
            throw new Refusals.CallbackMismatch();
        }
        if (ProviderCallback.REFUNDED.equals(callback.status())) {
            if (callback.refundNo() == null) {
                throw new Refusals.MalformedCallback("A refund callback names its refund (refundNo)");
            }
            refunds.confirm(callback.refundNo(), payment, callback.amount());
        } else if (ProviderCallback.SUCCESS.equals(callback.status())
                && payments.markPaid(callback.tradeNo(), clock.instant()) == 1) {
            // First delivery: tell the order now; the settlement relay retries if it cannot.
            settlement.trySettle(payments.findByTradeNo(callback.tradeNo()));
        }
        return payments.findByTradeNo(callback.tradeNo());
    }
}
