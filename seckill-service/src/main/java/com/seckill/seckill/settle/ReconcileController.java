package com.seckill.seckill.settle;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.web.Headers;
import com.seckill.seckill.activity.ActivityInspector;
import com.seckill.seckill.activity.ActivityService;
import com.seckill.seckill.activity.ActivityStats;
import com.seckill.seckill.audit.AuditLog;
import com.seckill.web.openapi.Answers;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import jakarta.validation.constraints.Positive;
import java.util.Map;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/** An operator reconciles one activity now rather than at the next scheduled pass (audited); the gateway enforces ADMIN. */
@RestController
@Validated
class ReconcileController {

    private final ActivityService activities;
    private final ActivityInspector inspector;
    private final Reconciler reconciler;
    private final AuditLog audit;

    ReconcileController(ActivityService activities, ActivityInspector inspector, Reconciler reconciler, AuditLog audit) {
        this.activities = activities;
        this.inspector = inspector;
        this.reconciler = reconciler;
        this.audit = audit;
    }

    /** Compares Redis with MySQL now and repairs Redis when nothing is in flight. */
    @Operation(summary = "Compares Redis with MySQL and repairs Redis when nothing is in flight (ADMIN, audited)")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.FORBIDDEN, ErrorCode.NOT_FOUND, ErrorCode.BUSY})
    @PostMapping("/api/admin/activities/{id}/reconcile")
    ActivityStats reconcile(@PathVariable @Positive long id,
                            @Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long adminId) {
        // it may rewrite Redis stock: who asked, when and what it found is kept, whatever it found
        Reconciler.Outcome outcome = reconciler.reconcile(activities.require(id));
        audit.record(adminId, AuditLog.RECONCILE, id, null, Map.of("outcome", outcome));
        return inspector.stats(id);
    }
}
