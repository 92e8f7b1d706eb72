package com.seckill.payment.sandbox;

import io.swagger.v3.oas.annotations.Operation;
import com.seckill.web.openapi.Answers;
import com.seckill.common.error.ErrorCode;
import com.seckill.common.web.Headers;
import io.swagger.v3.oas.annotations.Parameter;
import com.seckill.payment.callback.ProviderCallback;
import com.seckill.payment.payment.Payment;
import com.seckill.payment.payment.PaymentService;
import jakarta.validation.constraints.Pattern;
import java.time.Clock;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * A stand-in payment provider for local runs and tests (off in production): on request it signs
 * and sends the callback a real provider would send after the shopper paid, to the public
 * callback URL, so the callback path is exercised exactly as in production.
 */
@RestController
@Validated
@ConditionalOnProperty(name = "seckill.payment.sandbox.enabled", havingValue = "true")
class SandboxProvider {

    private final PaymentService payments;
    private final SandboxCallbacks callbacks;
    private final Clock clock;

    SandboxProvider(PaymentService payments, SandboxCallbacks callbacks, Clock clock) {
        this.payments = payments;
        this.callbacks = callbacks;
        this.clock = clock;
    }

    @Operation(summary = "Sandbox provider (local only): sends the signed callback of my payment now")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.NOT_FOUND})
    @PostMapping("/api/payments/{tradeNo}/simulate")
    SimulatedPayment simulate(@PathVariable @Pattern(regexp = "T[0-9]{1,31}") String tradeNo,
                              @Parameter(hidden = true) @RequestHeader(Headers.USER_ID) long userId) {
        Payment payment = payments.owned(tradeNo, userId);
        int status = callbacks.send(ProviderCallback.paid(payment.tradeNo(), payment.orderId(), payment.amount(),
                clock.instant().getEpochSecond()));
        return new SimulatedPayment(tradeNo, status);
    }

    record SimulatedPayment(String tradeNo, int callbackStatus) {
    }
}
