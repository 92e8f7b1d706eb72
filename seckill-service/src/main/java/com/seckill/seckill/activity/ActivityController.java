package com.seckill.seckill.activity;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.web.Headers;
import com.seckill.web.openapi.Answers;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Positive;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/** Shopper browsing and operator administration of activities; the gateway enforces the ADMIN role. */
@RestController
@Validated
class ActivityController {

    private final ActivityService service;
    private final ActivityInspector inspector;
    private final StockTopUps topUps;

    ActivityController(ActivityService service, ActivityInspector inspector, StockTopUps topUps) {
        this.service = service;
        this.inspector = inspector;
        this.topUps = topUps;
    }

    @Operation(summary = "Activities on sale, upcoming, or ended within a day")
    @Answers({ErrorCode.BAD_REQUEST})
    @GetMapping("/api/activities")
    List<ActivityView> list() {
        return service.list();
    }

    @Operation(summary = "One activity, with the units left")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.NOT_FOUND})
    @GetMapping("/api/activities/{id}")
    ActivityView get(@PathVariable @Positive long id) {
        return service.get(id);
    }

    @Operation(summary = "Creates an activity (ADMIN); warmed into Redis at once when it starts within the warm-up window")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.FORBIDDEN, ErrorCode.UNSUPPORTED_MEDIA_TYPE})
    @PostMapping("/api/admin/activities")
    @ResponseStatus(HttpStatus.CREATED)
    ActivityView create(@RequestBody @Valid CreateActivityRequest request,
                        @Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long adminId) {
        return service.create(request, adminId);
    }

    @Operation(summary = "Loads an activity into Redis now (ADMIN)")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.FORBIDDEN, ErrorCode.NOT_FOUND, ErrorCode.BUSY})
    @PostMapping("/api/admin/activities/{id}/warmup")
    ActivityStats warmUp(@PathVariable @Positive long id,
                         @Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long adminId) {
        service.warmUp(id, adminId);
        return inspector.stats(id);
    }

    @Operation(summary = "Adds stock to a sale that has not ended (ADMIN, audited): MySQL and Redis gain exactly the units "
            + "added, and a sold-out sale or its waiting room sells and admits again")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.FORBIDDEN, ErrorCode.NOT_FOUND, ErrorCode.CONFLICT,
            ErrorCode.UNSUPPORTED_MEDIA_TYPE, ErrorCode.BUSY})
    @PostMapping("/api/admin/activities/{id}/stock")
    ActivityView addStock(@PathVariable @Positive long id, @RequestBody @Valid AddStockRequest request,
                          @Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long adminId) {
        return topUps.add(id, request.add(), adminId);
    }

    @Operation(summary = "Redis and MySQL figures of an activity, and whether they agree (ADMIN)")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.FORBIDDEN, ErrorCode.NOT_FOUND, ErrorCode.BUSY})
    @GetMapping("/api/admin/activities/{id}/stats")
    ActivityStats stats(@PathVariable @Positive long id) {
        return inspector.stats(id);
    }
}
