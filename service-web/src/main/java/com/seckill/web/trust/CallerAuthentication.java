package com.seckill.web.trust;

import com.seckill.common.trust.Caller;
import java.util.ArrayList;
import java.util.List;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.SimpleGrantedAuthority;

/**
 * A verified internal token: the {@link Caller} it proves, with what it grants as authorities: {@value #FORWARDED}
 * (and {@code ROLE_ADMIN}) for a request the gateway forwarded, {@value #SERVICE} and one {@code SCOPE_x} per scope
 * for a calling service.
 */
public final class CallerAuthentication extends AbstractAuthenticationToken {

    public static final String FORWARDED = "FORWARDED";
    public static final String SERVICE = "SERVICE";
    static final String SCOPE_PREFIX = "SCOPE_";

    private final Caller caller;

    CallerAuthentication(Caller caller) {
        super(authorities(caller));
        this.caller = caller;
        setAuthenticated(true);
    }

    public Caller caller() {
        return caller;
    }

    @Override
    public Object getPrincipal() {
        return caller;
    }

    @Override
    public Object getCredentials() {
        return null;
    }

    @Override
    public String getName() {
        return caller.forwardedByGateway() ? String.valueOf(caller.userId()) : caller.issuer();
    }

    private static List<GrantedAuthority> authorities(Caller caller) {
        List<GrantedAuthority> authorities = new ArrayList<>();
        if (caller.forwardedByGateway()) {
            authorities.add(new SimpleGrantedAuthority(FORWARDED));
            if (caller.admin()) {
                authorities.add(new SimpleGrantedAuthority("ROLE_ADMIN"));
            }
        } else {
            authorities.add(new SimpleGrantedAuthority(SERVICE));
            caller.scopes().forEach(scope -> authorities.add(new SimpleGrantedAuthority(SCOPE_PREFIX + scope)));
        }
        return authorities;
    }
}
