package com.seckill.web.trust;

import com.seckill.common.trust.Caller;
import com.seckill.common.web.Headers;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.Set;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * After Spring Security allowed a request: the verified {@link Caller} goes on the request ({@link #CALLER}), and for
 * a forwarded request the {@code X-User-Id} and {@code X-User-Roles} the controllers read are rebuilt from the token.
 */
public class VerifiedIdentityFilter extends OncePerRequestFilter {

    /** Request attribute holding the verified {@link Caller}. */
    public static final String CALLER = Caller.class.getName();

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!(SecurityContextHolder.getContext().getAuthentication() instanceof CallerAuthentication verified)) {
            chain.doFilter(request, response); // actuator and the API document: they act for nobody
            return;
        }
        Caller caller = verified.caller();
        request.setAttribute(CALLER, caller);
        chain.doFilter(caller.forwardedByGateway() ? new VerifiedIdentity(request, caller) : request, response);
    }

    /** The request as the controllers see it: identity headers come from the verified token only. */
    private static final class VerifiedIdentity extends HttpServletRequestWrapper {

        private final String userId;
        private final String roles;

        VerifiedIdentity(HttpServletRequest request, Caller caller) {
            super(request);
            this.userId = caller.userId() == null ? null : caller.userId().toString();
            this.roles = caller.admin() ? CallerRules.ADMIN : null;
        }

        @Override
        public String getHeader(String name) {
            if (Headers.USER_ID.equalsIgnoreCase(name)) {
                return userId;
            }
            if (Headers.USER_ROLES.equalsIgnoreCase(name)) {
                return roles;
            }
            return super.getHeader(name);
        }

        @Override
        public Enumeration<String> getHeaders(String name) {
            if (Headers.USER_ID.equalsIgnoreCase(name)) {
                return single(userId);
            }
            if (Headers.USER_ROLES.equalsIgnoreCase(name)) {
                return single(roles);
            }
            return super.getHeaders(name);
        }

        @Override
        public Enumeration<String> getHeaderNames() {
            Set<String> names = new LinkedHashSet<>();
            for (Enumeration<String> e = super.getHeaderNames(); e.hasMoreElements(); ) {
                String name = e.nextElement();
                if (!Headers.USER_ID.equalsIgnoreCase(name) && !Headers.USER_ROLES.equalsIgnoreCase(name)) {
                    names.add(name);
                }
            }
            if (userId != null) {
                names.add(Headers.USER_ID);
            }
            if (roles != null) {
                names.add(Headers.USER_ROLES);
            }
            return Collections.enumeration(names);
        }

        private static Enumeration<String> single(String value) {
            return value == null ? Collections.emptyEnumeration() : Collections.enumeration(Set.of(value));
        }
    }
}
