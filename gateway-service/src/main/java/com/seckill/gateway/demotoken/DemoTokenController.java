package com.seckill.gateway.demotoken;

import com.seckill.gateway.audit.GatewayAudit;
import com.seckill.gateway.auth.JwtTokens;
import com.seckill.gateway.client.ClientAddresses;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.validation.Valid;
import java.net.InetAddress;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.web.ServerProperties;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * Served by the gateway itself, not routed. Off in the compose profile: anyone can mint an admin token
 * here, so without the controller bean the path simply does not exist (404). Where it is on, every ADMIN
 * token it hands out is in the audit log, with the user and the address that asked.
 */
@RestController
@ConditionalOnProperty(name = "seckill.gateway.demo-token.enabled", havingValue = "true")
class DemoTokenController {

    private static final Logger log = LoggerFactory.getLogger(DemoTokenController.class);

    private final JwtTokens tokens;
    private final GatewayAudit audit;
    private final ClientAddresses clients;

    DemoTokenController(JwtTokens tokens, GatewayAudit audit, ClientAddresses clients, ServerProperties server) {
        this.tokens = tokens;
        this.audit = audit;
        this.clients = clients;
        InetAddress bound = server.getAddress();
        if (bound == null || !bound.isLoopbackAddress()) {
            log.warn("The demo sign-in is on and the gateway listens on {}: anyone who reaches it can take an ADMIN token"
                    + " (unset SECKILL_GATEWAY_ADDRESS to listen on 127.0.0.1 only)", bound == null ? "every address" : bound.getHostAddress());
        }
    }

    @PostMapping("/api/auth/demo-token")
    @Operation(summary = "A token for any user, ADMIN if asked (local profile only: the path does not exist elsewhere)")
    @ApiResponse(responseCode = "200", description = "The bearer token (valid seckill.gateway.jwt.ttl, 24 h by default)")
    @ApiResponse(responseCode = "400", description = "BAD_REQUEST: no positive userId", content = @Content(mediaType = "application/problem+json"))
    Mono<DemoToken> issue(@Valid @RequestBody DemoTokenRequest request, ServerWebExchange exchange) {
        DemoToken token = new DemoToken(tokens.issue(request.userId(), request.wantsAdmin()));
        if (!request.wantsAdmin()) {
            return Mono.just(token);
        }
        return audit.record(request.userId(), GatewayAudit.DEMO_ADMIN_TOKEN, null, null,
                Map.of("userId", request.userId(), "address", clients.of(exchange))).thenReturn(token);
    }
}
