package com.seckill.web.trust;

import com.seckill.common.trust.InternalTokens;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpRequestExecution;
import org.springframework.http.client.ClientHttpRequestInterceptor;
import org.springframework.http.client.ClientHttpResponse;

/**
 * This service's own credential on its calls to another service: a token naming it and the scopes
 * it was configured with ({@code seckill.trust.scopes}), signed once and reused until half its
 * life is gone. Never the shopper's identity: a service acts for itself.
 */
public class ServiceCredentials implements ClientHttpRequestInterceptor {

    private final InternalTokens tokens;
    private final String service;
    private final List<String> scopes;
    private final Clock clock;
    private volatile Signed current;

    public ServiceCredentials(InternalTokens tokens, String service, List<String> scopes, Clock clock) {
        this.tokens = tokens;
        this.service = service;
        this.scopes = List.copyOf(scopes);
        this.clock = clock;
    }

    private record Signed(String token, Instant renewAt) {
    }

    /** The bearer token to send now. */
    public String token() {
        Instant now = clock.instant();
        Signed signed = current;
        if (signed == null || !now.isBefore(signed.renewAt())) {
            signed = new Signed(tokens.service(service, scopes, now), now.plus(InternalTokens.SERVICE_TTL.dividedBy(2)));
            current = signed;
        }
        return signed.token();
    }

    @Override
    public ClientHttpResponse intercept(HttpRequest request, byte[] body, ClientHttpRequestExecution execution)
            throws IOException {
        request.getHeaders().set(HttpHeaders.AUTHORIZATION, "Bearer " + token());
        return execution.execute(request, body);
    }
}
