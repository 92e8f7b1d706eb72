package com.seckill.seckill.token;

import com.seckill.common.web.Headers;
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

    @PostMapping("/api/seckill/{activityId}/token")
    PathTokenService.PathToken issue(@PathVariable @Positive long activityId,
                                     @RequestHeader(Headers.USER_ID) @Positive long userId,
                                     @RequestBody(required = false) @Valid PathTokenService.TokenRequest request) {
        return service.issue(activityId, userId, request);
    }
}
