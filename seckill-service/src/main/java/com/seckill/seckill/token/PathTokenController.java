package com.seckill.seckill.token;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.trust.QueueTokens;
import com.seckill.common.web.Headers;
import com.seckill.web.openapi.Answers;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Positive;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Validated
class PathTokenController {

    private final PathTokenService service;

    PathTokenController(PathTokenService service) {
        this.service = service;
    }

    @Operation(summary = "A one-time purchase path for this user and activity, valid 60 s (with the captcha answer when the activity asks for one)")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.NOT_FOUND, ErrorCode.NOT_STARTED, ErrorCode.ENDED, ErrorCode.BAD_CAPTCHA, ErrorCode.NOT_ADMITTED, ErrorCode.BLOCKED, ErrorCode.SOLD_OUT, ErrorCode.RATE_LIMITED, ErrorCode.BUSY})
    @PostMapping("/api/seckill/{activityId}/token")
    PathTokenService.PathToken issue(@PathVariable @Positive long activityId,
                                     @Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long userId,
                                     @RequestBody(required = false) @Valid PathTokenService.TokenRequest request,
                                     @RequestHeader(name = QueueTokens.ADMISSION_HEADER, required = false) String admission) {
        return service.issue(activityId, userId, request, admission);
    }
}
