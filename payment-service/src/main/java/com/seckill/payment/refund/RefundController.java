package com.seckill.payment.refund;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.error.ErrorCode;
import com.seckill.common.validation.VisibleText;
import com.seckill.common.web.Headers;
import com.seckill.web.openapi.Answers;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Positive;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/orders/{orderId}/refund} (the gateway routes it here: refunds are payment-service's) and the
 * operators' refunds for the audit log.
 */
@RestController
@Validated
class RefundController {

    private static final String ADMIN = "ADMIN";

    private final RefundRequests refunds;
    private final ObjectMapper json;

    RefundController(RefundRequests refunds, ObjectMapper json) {
        this.refunds = refunds;
        this.json = json;
    }

    /** Why the refund is asked for: optional for the owner, required of an operator refunding someone else's order. */
    record RefundRequest(@Size(max = 255) @VisibleText String reason) {
    }

    /** A refund: REQUESTED until the provider confirms it, then REFUNDED (and the order with it). */
    record RefundView(long orderId, String refundNo, BigDecimal amount, String status, String reason) {

        static RefundView of(Refund refund) {
            return new RefundView(refund.orderId(), refund.refundNo(), refund.amount(), refund.status().name(), refund.reason());
        }
    }

    @Operation(summary = "Refunds my paid order within the refund window (7 days), or any paid order for an ADMIN (with a reason,"
            + " audited): 202 while the provider confirms; the order then ends REFUNDED and its unit goes back on sale if the sale is on")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.NOT_FOUND, ErrorCode.CONFLICT,
            ErrorCode.UNSUPPORTED_MEDIA_TYPE, ErrorCode.BUSY})
    @PostMapping("/api/orders/{orderId}/refund")
    @ResponseStatus(HttpStatus.ACCEPTED)
    RefundView refund(@PathVariable @Positive long orderId, @RequestBody(required = false) @Valid RefundRequest request,
                      @Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long userId,
                      @Parameter(hidden = true) @RequestHeader(name = Headers.USER_ROLES, required = false) String roles) {
        return RefundView.of(refunds.request(orderId, userId, ADMIN.equals(roles), request == null ? null : request.reason()));
    }

    /** One operator action, as the gateway's {@code GET /api/admin/audit} merges them. */
    record AuditEntry(Instant at, long actorId, String action, String target, String before, String after) {
    }

    @Operation(summary = "Refunds operators asked for, the latest first (ADMIN; all operator actions: GET /api/admin/audit)")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.FORBIDDEN})
    @GetMapping("/api/admin/payments/audit")
    List<AuditEntry> audit(@RequestParam(defaultValue = "100") @Positive @Max(1000) int limit) throws JsonProcessingException {
        List<AuditEntry> entries = new java.util.ArrayList<>();
        for (Refund refund : refunds.byOperators(limit)) {
            Map<String, Object> after = new LinkedHashMap<>();
            after.put("refundNo", refund.refundNo());
            after.put("amount", refund.amount());
            after.put("reason", refund.reason());
            entries.add(new AuditEntry(refund.createTime(), refund.requestedBy(), "order refund", "order " + refund.orderId(),
                    json.writeValueAsString(Map.of("status", "PAID")), json.writeValueAsString(after)));
        }
        return entries;
    }
}
