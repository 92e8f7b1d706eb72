package com.seckill.seckill.settle;

import com.seckill.common.error.ErrorCode;
import com.seckill.seckill.activity.ActivityInspector;
import com.seckill.seckill.activity.ActivityService;
import com.seckill.seckill.activity.ActivityStats;
import com.seckill.web.openapi.Answers;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.constraints.Positive;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/** An operator reconciles one activity now rather than at the next scheduled pass; the gateway enforces ADMIN. */
@RestController
@Validated
class ReconcileController {

    private final ActivityService activities;
    private final ActivityInspector inspector;
    private final Reconciler reconciler;

    ReconcileController(ActivityService activities, ActivityInspector inspector, Reconciler reconciler) {
        this.activities = activities;
        this.inspector = inspector;
        this.reconciler = reconciler;
    }

    /** Compares Redis with MySQL now and repairs Redis when nothing is in flight. */
    @Operation(summary = "Compares Redis with MySQL and repairs Redis when nothing is in flight (ADMIN)")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.FORBIDDEN, ErrorCode.NOT_FOUND, ErrorCode.BUSY})
    @PostMapping("/api/admin/activities/{id}/reconcile")
    ActivityStats reconcile(@PathVariable @Positive long id) {
        reconciler.reconcile(activities.require(id));
        return inspector.stats(id);
    }
}
