package com.seckill.web.trust;

import com.seckill.common.error.ErrorCode;
import com.seckill.common.web.CanonicalPath;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Tomcat serves the decoded, normalised path, and {@code getRequestURI()} is the raw one: only a canonical path
 * is both, so what the security rules decide (actuator, internal, admin) and what a forwarded token was signed
 * for is what is served. Runs before Spring Security, whose firewall would refuse some of these with a bare 400.
 */
class CanonicalPathFilter extends OncePerRequestFilter {

    private final Problems problems;

    CanonicalPathFilter(Problems problems) {
        this.problems = problems;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!CanonicalPath.isCanonical(request.getRequestURI())) {
            problems.write(response, ErrorCode.BAD_REQUEST,
                    "Request path is not canonical: no escapes (%), dot segments, '//' or ';' parameters");
            return;
        }
        chain.doFilter(request, response);
    }
}
