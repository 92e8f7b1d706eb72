package com.seckill.seckill.captcha;

import io.swagger.v3.oas.annotations.Operation;
import com.seckill.web.openapi.Answers;
import com.seckill.common.error.ErrorCode;
import com.seckill.common.web.Headers;
import io.swagger.v3.oas.annotations.Parameter;
import jakarta.validation.constraints.Positive;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.validation.annotation.Validated;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

@RestController
@Validated
class CaptchaController {

    private final CaptchaService service;

    CaptchaController(CaptchaService service) {
        this.service = service;
    }

    @Operation(summary = "A captcha picture (PNG) for an activity that asks for one; its answer goes with the path request")
    @Answers({ErrorCode.BAD_REQUEST, ErrorCode.UNAUTHENTICATED, ErrorCode.NOT_FOUND, ErrorCode.NOT_STARTED, ErrorCode.ENDED, ErrorCode.RATE_LIMITED, ErrorCode.BUSY})
    @GetMapping("/api/seckill/{activityId}/captcha")
    ResponseEntity<byte[]> show(@PathVariable @Positive long activityId,
                                @Parameter(hidden = true) @RequestHeader(Headers.USER_ID) @Positive long userId) {
        return ResponseEntity.ok()
                .contentType(MediaType.IMAGE_PNG)
                // Every fetch is a new challenge that replaces the last one: a cached image would show a dead question.
                .cacheControl(CacheControl.noStore())
                .body(service.show(activityId, userId));
    }
}
