package com.seckill.web.trust;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Lets a service reach an internal endpoint only with the scope the endpoint names ({@link ServiceOnly}), held
 * as the authority {@code SCOPE_<scope>}. Forwarded requests never get this far: the rules keep them out of
 * {@code /internal/}.
 */
class ServiceScopeInterceptor implements HandlerInterceptor {

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        ServiceOnly required = handler instanceof HandlerMethod method ? scopeOf(method) : null;
        Authentication caller = SecurityContextHolder.getContext().getAuthentication();
        if (required == null || caller == null || !caller.getAuthorities()
                .contains(new SimpleGrantedAuthority(CallerAuthentication.SCOPE_PREFIX + required.value()))) {
            throw new MissingScope();
        }
        return true;
    }

    private static ServiceOnly scopeOf(HandlerMethod method) {
        ServiceOnly onMethod = method.getMethodAnnotation(ServiceOnly.class);
        return onMethod != null ? onMethod : method.getBeanType().getAnnotation(ServiceOnly.class);
    }
}
