package com.seckill.payment.callback;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.validation.WellFormedUtf8;
import com.seckill.payment.PaymentProperties;
import com.seckill.payment.Refusals;
import com.seckill.payment.payment.Payment;
import com.seckill.payment.payment.PaymentMapper;
import com.seckill.payment.settle.OrderSettlement;
import jakarta.validation.Validator;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.springframework.stereotype.Service;

/**
 * Applies a provider callback: signature, freshness, trade, order and amount are checked before
 * anything is written; the payment turns paid once, whatever the number of deliveries.
 */
@Service
class CallbackService {

    private final CallbackSignature signature;
    private final PaymentMapper payments;
    private final OrderSettlement settlement;
    private final ObjectMapper json;
    private final Validator validator;
    private final PaymentProperties properties;
    private final Clock clock;

    CallbackService(CallbackSignature signature, PaymentMapper payments, OrderSettlement settlement, ObjectMapper json,
                    Validator validator, PaymentProperties properties, Clock clock) {
        this.signature = signature;
        this.payments = payments;
        this.settlement = settlement;
        this.json = json;
        this.validator = validator;
        this.properties = properties;
        this.clock = clock;
    }

    Payment handle(byte[] body, String signatureHeader) {
        if (!signature.matches(body, signatureHeader)) {
            throw new Refusals.SignatureMismatch();
        }
        ProviderCallback callback = parse(body);
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
        if (ProviderCallback.SUCCESS.equals(callback.status())
                && payments.markPaid(callback.tradeNo(), clock.instant()) == 1) {
            // First delivery: tell the order now; the settlement relay retries if it cannot.
            settlement.trySettle(payments.findByTradeNo(callback.tradeNo()));
        }
        return payments.findByTradeNo(callback.tradeNo());
    }

    private ProviderCallback parse(byte[] body) {
        if (!WellFormedUtf8.check(body)) {
            throw new Refusals.MalformedCallback("Callback body is not well-formed UTF-8");
        }
        ProviderCallback callback;
        try {
            callback = json.readValue(body, ProviderCallback.class);
        } catch (IOException e) {
            throw new Refusals.MalformedCallback("Malformed callback body");
        }
        if (callback == null || !validator.validate(callback).isEmpty()) {
            throw new Refusals.MalformedCallback("Incomplete callback body");
        }
        return callback;
    }
}
