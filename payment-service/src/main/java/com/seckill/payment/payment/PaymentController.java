package com.seckill.payment.payment;

import io.swagger.v3.oas.annotations.Operation;
import com.seckill.web.openapi.Answers;
import com.seckill.common.error.ErrorCode;
import com.seckill.common.web.Headers;
import io.swagger.v3.oas.annotations.Parameter;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;
import java.math.BigDecimal;
import org.springframework.http.HttpStatus;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Validated
class PaymentController {

    private final PaymentService service;

    PaymentController(PaymentService service) {
        this.service = service;
    }

    /** Idempotent per order: asking again answers the same trade number. */
    @Operation(summary = "The payment of my pending order, for its price (asking again answers the same trade)")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.NOT_FOUND, ErrorCode.CONFLICT, ErrorCode.UNSUPPORTED_MEDIA_TYPE, ErrorCode.BUSY})
    @PostMapping("/api/payments")
    @ResponseStatus(HttpStatus.CREATED)
    PaymentView create(@RequestBody @Valid CreatePayment request, @Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long userId) {
        return PaymentView.of(service.create(request.orderId(), userId));
    }

    /** Only the order id: the amount always comes from the order's snapshot. */
    record CreatePayment(@NotNull @Positive Long orderId) {
    }

    record PaymentView(String tradeNo, long orderId, BigDecimal amount, String status) {

        static PaymentView of(Payment payment) {
            return new PaymentView(payment.tradeNo(), payment.orderId(), payment.amount(), payment.statusName());
        }
    }
}
