package com.seckill.seckill.queue;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.queue.QueueAnswer;
import com.seckill.common.trust.QueueTokens;
import com.seckill.common.web.Headers;
import com.seckill.web.openapi.Answers;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Positive;
import org.springframework.http.ResponseEntity;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/** The waiting room's endpoints (contract §11): shoppers join and follow their place; admins steer it. */
@RestController
@Validated
class QueueController {

    private static final int DRAW_PAGE_MAX = 10_000;

    private final QueueService queue;
    private final QueueAdmin admin;
    private final QueueStreams streams;
    private final DrawAudit draw;

    QueueController(QueueService queue, QueueAdmin admin, QueueStreams streams, DrawAudit draw) {
        this.queue = queue;
        this.admin = admin;
        this.streams = streams;
        this.draw = draw;
    }

    @Operation(summary = "Joins the waiting room (again: the same place): WAITING with position, ETA and when to poll, or ADMITTED "
            + "with the admission that opens the purchase path; send the ticket back to keep the place through anything")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.NOT_STARTED, ErrorCode.ENDED, ErrorCode.BLOCKED,
            ErrorCode.DUPLICATE, ErrorCode.SOLD_OUT, ErrorCode.NOT_FOUND, ErrorCode.RATE_LIMITED, ErrorCode.BUSY})
    @PostMapping("/api/seckill/{activityId}/queue")
    QueueAnswer join(@PathVariable @Positive long activityId,
                     @Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long userId,
                     @RequestHeader(name = QueueTokens.TICKET_HEADER, required = false) String ticket) {
        return queue.join(activityId, userId, ticket);
    }

    @Operation(summary = "Where I stand in the waiting room: WAITING, ADMITTED, SOLD_OUT, EXPIRED (join again, at the back) or PAUSED")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.NOT_STARTED, ErrorCode.ENDED, ErrorCode.NOT_FOUND, ErrorCode.BUSY})
    @GetMapping("/api/seckill/{activityId}/queue")
    ResponseEntity<QueueAnswer> status(@PathVariable @Positive long activityId,
                                       @Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long userId,
                                       @RequestHeader(name = QueueTokens.TICKET_HEADER, required = false) String ticket) {
        QueueAnswer answer = queue.status(activityId, userId, ticket);
        ResponseEntity.BodyBuilder ok = ResponseEntity.ok();
        if (QueueAnswer.SOLD_OUT.equals(answer.status())) {
            ok.header(Headers.SOLD_OUT, "true"); // the gateway answers the crowd's next polls itself
        }
        return ok.body(answer);
    }

    @Operation(summary = "Where I stand, as server-sent events: a `queue` event with the same object each time it changes")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.NOT_STARTED, ErrorCode.ENDED, ErrorCode.NOT_FOUND, ErrorCode.BUSY})
    @GetMapping("/api/seckill/{activityId}/queue/events")
    SseEmitter events(@PathVariable @Positive long activityId,
                      @Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long userId,
                      @RequestHeader(name = QueueTokens.TICKET_HEADER, required = false) String ticket) {
        return streams.open(activityId, userId, ticket, queue.status(activityId, userId, ticket));
    }

    @Operation(summary = "The waiting room as admins see it: waiting, serving, admitted, rate, paused and the seed of the draw (ADMIN)")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.FORBIDDEN, ErrorCode.NOT_FOUND, ErrorCode.BUSY})
    @GetMapping("/api/admin/activities/{id}/queue")
    QueueView view(@PathVariable @Positive long id) {
        return admin.view(id);
    }

    @Operation(summary = "The fair start's draw, to audit it: everyone who joined before the start with their join number and the "
            + "place the seed drew for it, in place order from `from`, at most `size` (ADMIN)")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.FORBIDDEN, ErrorCode.NOT_FOUND, ErrorCode.BUSY})
    @GetMapping("/api/admin/activities/{id}/queue/draw")
    DrawView draw(@PathVariable @Positive long id, @RequestParam(defaultValue = "1") @Positive long from,
                  @RequestParam(defaultValue = "1000") @Positive @Max(DRAW_PAGE_MAX) int size) {
        return draw.places(id, from, size);
    }

    @Operation(summary = "Changes the admission rate or pauses / resumes the waiting room (ADMIN; audited)")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.FORBIDDEN, ErrorCode.NOT_FOUND, ErrorCode.BUSY})
    @PutMapping("/api/admin/activities/{id}/queue")
    QueueView change(@PathVariable @Positive long id, @RequestBody @Valid QueueChange change,
                     @Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long adminId) {
        return admin.change(id, change, adminId);
    }
}
