package com.seckill.seckill.purchase;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.seckill.common.error.ErrorCode;
import com.seckill.common.web.Headers;
import com.seckill.seckill.Refusals;
import com.seckill.web.openapi.Answers;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Positive;
import org.springframework.http.HttpStatus;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/** The purchase, on its one-time path (checked and consumed here, whatever the gateway did), and result polling. */
@RestController
@Validated
class PurchaseController {

    private final PurchaseService purchases;
    private final ResultStore results;
    private final ResultStreams streams;

    PurchaseController(PurchaseService purchases, ResultStore results, ResultStreams streams) {
        this.purchases = purchases;
        this.results = results;
        this.streams = streams;
    }

    @Operation(summary = "Buys one unit on a one-time path: 202 QUEUED with a requestId to poll")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.BAD_PATH, ErrorCode.BLOCKED, ErrorCode.NOT_FOUND, ErrorCode.NOT_STARTED, ErrorCode.ENDED, ErrorCode.DUPLICATE, ErrorCode.SOLD_OUT, ErrorCode.RATE_LIMITED, ErrorCode.BUSY})
    @PostMapping("/api/seckill/{activityId}/{path}")
    @ResponseStatus(HttpStatus.ACCEPTED)
    Accepted purchase(@PathVariable @Positive long activityId, @PathVariable String path,
                      @Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long userId) {
        String requestId = purchases.purchase(activityId, userId, path);
        return new Accepted("QUEUED", "Your request is queued; poll its result", requestId);
    }

    @Operation(summary = "The result of one of my purchase requests: QUEUED, SUCCESS with the order id, or FAIL with the reason")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.NOT_FOUND, ErrorCode.BUSY})
    @GetMapping("/api/seckill/result/{requestId}")
    ResultView result(@PathVariable @Pattern(regexp = "[0-9a-fA-F-]{36}") String requestId,
                      @Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long userId) {
        return results.findOwned(requestId, userId)
                .map(ResultView::of)
                .orElseThrow(() -> new Refusals.UnknownRequest());
    }

    @Operation(summary = "The result of one of my purchase requests as server-sent events: one `result` event (the same "
            + "object as polling) once it is SUCCESS or FAIL, at once if it already is; a `timeout` event after 60 s "
            + "still QUEUED, then poll")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.NOT_FOUND, ErrorCode.BUSY})
    @GetMapping("/api/seckill/result/{requestId}/events")
    SseEmitter events(@PathVariable @Pattern(regexp = "[0-9a-fA-F-]{36}") String requestId,
                      @Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long userId) {
        return streams.open(results.findOwned(requestId, userId)
                .orElseThrow(() -> new Refusals.UnknownRequest()));
    }

    record Accepted(String code, String message, String requestId) {
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ResultView(String requestId, String status, Long orderId, String reason) {

        static ResultView of(RequestResult result) {
            return new ResultView(result.requestId(), result.status().name(), result.orderId(), result.reason());
        }
    }
}
