package com.seckill.seckill.audit;

import com.seckill.common.error.ErrorCode;
import com.seckill.web.openapi.Answers;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Positive;
import java.util.List;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** seckill-service's part of the audit log (ADMIN); the gateway's {@code GET /api/admin/audit} merges it with the blacklist's. */
@RestController
@Validated
class AuditController {

    private final AuditLog audit;

    AuditController(AuditLog audit) {
        this.audit = audit;
    }

    @Operation(summary = "Operator actions on activities and queues, the latest first (ADMIN; all of them: GET /api/admin/audit)")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.FORBIDDEN})
    @GetMapping("/api/admin/activities/audit")
    List<AuditEntry> latest(@RequestParam(defaultValue = "100") @Positive @Max(1000) int limit) {
        return audit.latest(limit);
    }
}
