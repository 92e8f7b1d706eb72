package com.seckill.gateway.demotoken;

import com.seckill.gateway.auth.JwtTokens;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.validation.Valid;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Served by the gateway itself, not routed. Off in the compose profile: anyone can mint an admin token
 * here, so without the controller bean the path simply does not exist (404).
 */
@RestController
@ConditionalOnProperty(name = "seckill.gateway.demo-token.enabled", havingValue = "true")
class DemoTokenController {

    private final JwtTokens tokens;

    DemoTokenController(JwtTokens tokens) {
        this.tokens = tokens;
    }

    @PostMapping("/api/auth/demo-token")
    @Operation(summary = "A token for any user, ADMIN if asked (local profile only: the path does not exist elsewhere)")
    @ApiResponse(responseCode = "200", description = "The bearer token (valid seckill.gateway.jwt.ttl, 24 h by default)")
    @ApiResponse(responseCode = "400", description = "BAD_REQUEST: no positive userId", content = @Content(mediaType = "application/problem+json"))
    DemoToken issue(@Valid @RequestBody DemoTokenRequest request) {
        return new DemoToken(tokens.issue(request.userId(), request.wantsAdmin()));
    }
}
