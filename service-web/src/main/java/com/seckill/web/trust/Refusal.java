package com.seckill.web.trust;

import com.seckill.common.error.ErrorCode;
import org.springframework.security.authorization.AuthorizationDecision;

/** A request the rules refuse, with the answer it gets: the denied handler writes it as a problem. */
final class Refusal extends AuthorizationDecision {

    private final ErrorCode code;
    private final String detail;

    Refusal(ErrorCode code, String detail) {
        super(false);
        this.code = code;
        this.detail = detail;
    }

    ErrorCode code() {
        return code;
    }

    String detail() {
        return detail;
    }
}
