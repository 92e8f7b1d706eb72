package com.seckill.gateway.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

class RateLimitFilterTest {

    @Test
    void actionsCountAgainstTheUser() {
        assertThat(RateLimitFilter.isAction(HttpMethod.POST, "/api/seckill/1/token")).isTrue();
        assertThat(RateLimitFilter.isAction(HttpMethod.POST, "/api/seckill/1/somePath")).isTrue();
        assertThat(RateLimitFilter.isAction(HttpMethod.POST, "/api/payments")).isTrue();
        assertThat(RateLimitFilter.isAction(HttpMethod.DELETE, "/api/admin/blacklist/1")).isTrue();
    }

    @Test
    void fetchingACaptchaIsAnAction() {
        assertThat(RateLimitFilter.isAction(HttpMethod.GET, "/api/seckill/1/captcha")).isTrue();
    }

    @Test
    void readsOfOnesOwnStateAreNot() {
        assertThat(RateLimitFilter.isAction(HttpMethod.GET, "/api/seckill/result/abc")).isFalse();
        assertThat(RateLimitFilter.isAction(HttpMethod.GET, "/api/orders/5")).isFalse();
        assertThat(RateLimitFilter.isAction(HttpMethod.HEAD, "/api/activities")).isFalse();
    }
}
