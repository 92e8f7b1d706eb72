package com.seckill.web.trust;

import com.seckill.common.trust.Caller;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

/** Lets a service token reach an internal endpoint only with the scope the endpoint names ({@link ServiceOnly}). */
class ServiceScopeInterceptor implements HandlerInterceptor {

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
        if (!(request.getAttribute(TrustFilter.CALLER) instanceof Caller caller) || caller.forwardedByGateway()) {
            return true; // forwarded requests were judged by the filter, and never reach /internal/
        }
        ServiceOnly required = handler instanceof HandlerMethod method ? scopeOf(method) : null;
        if (required == null || !caller.may(required.value())) {
            throw new MissingScope();
        }
        return true;
    }

    private static ServiceOnly scopeOf(HandlerMethod method) {
        ServiceOnly onMethod = method.getMethodAnnotation(ServiceOnly.class);
        return onMethod != null ? onMethod : method.getBeanType().getAnnotation(ServiceOnly.class);
    }
}
