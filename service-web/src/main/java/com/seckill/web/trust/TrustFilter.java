package com.seckill.web.trust;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.error.ErrorCode;
import com.seckill.common.trust.Caller;
import com.seckill.common.trust.InternalTokens;
import com.seckill.common.trust.UntrustedCaller;
import com.seckill.common.web.CanonicalPath;
import com.seckill.common.web.Headers;
import com.seckill.web.problem.ApiProblemHandler;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.Set;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The door of an inner service. Nothing but an internal token is believed: a request without one
 * (say, sent straight to the service's port) is 401, whatever headers it carries. A token the
 * gateway signed stands for the request it forwarded (same method, same path) and names its user;
 * the {@code X-User-Id} and {@code X-User-Roles} the controllers read are rebuilt from it, and a
 * request whose own headers say otherwise is refused as forged. Service tokens open
 * {@code /internal/} only ({@link ServiceOnly} decides the scope); forwarded tokens never do.
 * Actuator endpoints (health for the launcher and orchestrators, metrics for scrapers) and the
 * OpenAPI document stay open: they act for nobody.
 */
public class TrustFilter extends OncePerRequestFilter {

    private static final String BEARER = "Bearer ";
    private static final String INTERNAL = "/internal/";
    private static final String ADMIN = "/api/admin/";
    private static final String ACTUATOR = "/actuator";
    /** The OpenAPI document: what the public operations are, for anybody who may call them. */
    private static final String API_DOCS = "/v3/api-docs";
    /** Request attribute holding the verified {@link Caller}. */
    public static final String CALLER = Caller.class.getName();

    private final InternalTokens tokens;
    private final ObjectMapper json;
    private final Clock clock;

    public TrustFilter(InternalTokens tokens, ObjectMapper json, Clock clock) {
        this.tokens = tokens;
        this.json = json;
        this.clock = clock;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        // Tomcat serves the decoded, normalised path, and getRequestURI() is the raw one: only a canonical
        // path is both, so that what is decided here (actuator, internal, admin) is what is served.
        String path = request.getRequestURI();
        if (!CanonicalPath.isCanonical(path)) {
            refuse(response, ErrorCode.BAD_REQUEST, "Request path is not canonical: no escapes (%), dot segments, '//' or ';' parameters");
            return;
        }
        if (path.equals(ACTUATOR) || path.startsWith(ACTUATOR + "/") || path.startsWith(API_DOCS)) {
            chain.doFilter(request, response);
            return;
        }
        Caller caller;
        try {
            caller = tokens.verify(bearer(request), clock.instant());
        } catch (UntrustedCaller e) {
            refuse(response, ErrorCode.UNAUTHENTICATED, "This service answers the gateway and the platform's services only");
            return;
        }
        if (path.startsWith(INTERNAL)) {
            if (caller.forwardedByGateway()) {
                refuse(response, ErrorCode.FORBIDDEN, "Internal endpoints are not for forwarded requests");
                return;
            }
            request.setAttribute(CALLER, caller);
            chain.doFilter(request, response);
            return;
        }
        if (!caller.forwardedByGateway()) {
            refuse(response, ErrorCode.FORBIDDEN, "A service credential does not act for a user");
            return;
        }
        if (!caller.method().equals(request.getMethod()) || !caller.path().equals(path)) {
            refuse(response, ErrorCode.UNAUTHENTICATED, "The credential was issued for another request");
            return;
        }
        if (claimsOtherwise(request, caller)) {
            refuse(response, ErrorCode.UNAUTHENTICATED, "Identity headers do not match the credential");
            return;
        }
        if (path.startsWith(ADMIN) && !caller.admin()) {
            refuse(response, ErrorCode.FORBIDDEN, "Administrators only");
            return;
        }
        request.setAttribute(CALLER, caller);
        chain.doFilter(new VerifiedIdentity(request, caller), response);
    }

    /** Headers present and different from what the gateway signed: someone wrote them by hand. */
    private static boolean claimsOtherwise(HttpServletRequest request, Caller caller) {
        String userId = request.getHeader(Headers.USER_ID);
        if (userId != null && (caller.userId() == null || !userId.strip().equals(caller.userId().toString()))) {
            return true;
        }
        String roles = request.getHeader(Headers.USER_ROLES);
        return roles != null && !(caller.admin() && roles.strip().equals(VerifiedIdentity.ADMIN));
    }

    private static String bearer(HttpServletRequest request) {
        String header = request.getHeader(HttpHeaders.AUTHORIZATION);
        if (header == null || !header.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            throw new UntrustedCaller("No internal token");
        }
        return header.substring(BEARER.length()).strip();
    }

    private void refuse(HttpServletResponse response, ErrorCode code, String detail) throws IOException {
        response.setStatus(code.status());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        json.writeValue(response.getOutputStream(), ApiProblemHandler.problem(code, detail));
    }

    /** The request as the controllers see it: identity headers come from the verified token only. */
    private static final class VerifiedIdentity extends HttpServletRequestWrapper {

        static final String ADMIN = "ADMIN";

        private final String userId;
        private final String roles;

        VerifiedIdentity(HttpServletRequest request, Caller caller) {
            super(request);
            this.userId = caller.userId() == null ? null : caller.userId().toString();
            this.roles = caller.admin() ? ADMIN : null;
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
