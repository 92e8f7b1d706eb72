package com.seckill.web.trust;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.trust.Caller;
import com.seckill.common.web.Headers;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.web.access.intercept.RequestAuthorizationContext;

/**
 * Who may make a request, as Spring Security rules over the verified {@link Caller}. A request with no
 * internal token is denied as anonymous (401 by the entry point); the refusals of a caller that is known say why.
 */
final class CallerRules {

    static final String ADMIN = "ADMIN";

    private CallerRules() {
    }

    /** {@code /internal/}: a calling service; forwarded tokens never (the scope is {@link ServiceOnly}'s business). */
    static AuthorizationManager<RequestAuthorizationContext> serviceCall() {
        return (authentication, context) -> {
            if (!(authentication.get() instanceof CallerAuthentication verified)) {
                return new AuthorizationDecision(false);
            }
            if (verified.caller().forwardedByGateway()) {
                return new Refusal(ErrorCode.FORBIDDEN, "Internal endpoints are not for forwarded requests");
            }
            return new AuthorizationDecision(true);
        };
    }

    /**
     * Everything else: a request the gateway forwarded, with a token signed for exactly this method and path, and
     * identity headers that say what the token says (or none); {@code admin}: with the ADMIN role too.
     */
    static AuthorizationManager<RequestAuthorizationContext> forwardedRequest(boolean admin) {
        return (authentication, context) -> {
            if (!(authentication.get() instanceof CallerAuthentication verified)) {
                return new AuthorizationDecision(false);
            }
            Caller caller = verified.caller();
            HttpServletRequest request = context.getRequest();
            if (!caller.forwardedByGateway()) {
                return new Refusal(ErrorCode.FORBIDDEN, "A service credential does not act for a user");
            }
            if (!caller.method().equals(request.getMethod()) || !caller.path().equals(request.getRequestURI())) {
                return new Refusal(ErrorCode.UNAUTHENTICATED, "The credential was issued for another request");
            }
            if (claimsOtherwise(request, caller)) {
                return new Refusal(ErrorCode.UNAUTHENTICATED, "Identity headers do not match the credential");
            }
            if (admin && !caller.admin()) {
                return new Refusal(ErrorCode.FORBIDDEN, "Administrators only");
            }
            return new AuthorizationDecision(true);
        };
    }

    /** Headers present and different from what the gateway signed: someone wrote them by hand. */
    private static boolean claimsOtherwise(HttpServletRequest request, Caller caller) {
        String userId = request.getHeader(Headers.USER_ID);
        if (userId != null && (caller.userId() == null || !userId.strip().equals(caller.userId().toString()))) {
            return true;
        }
        String roles = request.getHeader(Headers.USER_ROLES);
        return roles != null && !(caller.admin() && roles.strip().equals(ADMIN));
    }
}
