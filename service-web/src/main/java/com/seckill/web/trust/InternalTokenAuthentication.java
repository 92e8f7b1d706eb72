package com.seckill.web.trust;

import com.seckill.common.trust.InternalTokens;
import com.seckill.common.trust.UntrustedCaller;
import java.time.Clock;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthenticationToken;

/** The resource server's bearer token, verified as an internal token ({@link InternalTokens}, Nimbus underneath). */
class InternalTokenAuthentication implements AuthenticationProvider {

    private final InternalTokens tokens;
    private final Clock clock;

    InternalTokenAuthentication(InternalTokens tokens, Clock clock) {
        this.tokens = tokens;
        this.clock = clock;
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        String token = ((BearerTokenAuthenticationToken) authentication).getToken();
        try {
            return new CallerAuthentication(tokens.verify(token, clock.instant()));
        } catch (UntrustedCaller e) {
            throw new InvalidBearerTokenException("Not an internal token of this platform", e);
        }
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return BearerTokenAuthenticationToken.class.isAssignableFrom(authentication);
    }
}
