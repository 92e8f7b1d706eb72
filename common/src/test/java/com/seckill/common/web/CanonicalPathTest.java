package com.seckill.common.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CanonicalPathTest {

    @ParameterizedTest
    @ValueSource(strings = {"/", "/admin", "/api/activities", "/api/activities/", "/api/activities/42",
            "/api/seckill/12/AbC-d_9", "/api/orders/123/cancel", "/js/shop.js", "/swagger-ui/index.html",
            "/api/seckill/result/0b7e-11", "/a.b/c~d/e..f/.g/h."})
    void pathsWithOneSpellingAreCanonical(String path) {
        assertThat(CanonicalPath.isCanonical(path)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "/%61pi/admin/blacklist", "/api/%61dmin/blacklist", "/api/%73eckill/45/nopath", "/api/admin%2Fblacklist",
            "/api/activities/%2e%2e/orders", "/api/orders/%ff", "/api/activities/1%00", "/api/activities/%201",
            "/api/orders/%", "/api/orders/%4", "/api/activities/search%20term",
            "/api/seckill/../admin/activities/1/warmup", "/api/./admin/blacklist", "/api/admin/blacklist/..",
            "/api/admin/blacklist/.", "/api//admin/activities", "//api/admin/blacklist", "/api/activities/1;x=y",
            "/api;/admin/blacklist", "/api\\admin\\blacklist", "/api/admin blacklist", "/api/admin/blacklist\t",
            "/api/activities/\uFF11", "/api/activities/\u0661", "api/admin/blacklist", ""})
    void everyOtherSpellingIsNot(String path) {
        assertThat(CanonicalPath.isCanonical(path)).as(path).isFalse();
    }

    @org.junit.jupiter.api.Test
    void nullAndOverlongPathsAreNot() {
        assertThat(CanonicalPath.isCanonical(null)).isFalse();
        assertThat(CanonicalPath.isCanonical("/" + "a".repeat(CanonicalPath.MAX_LENGTH))).isFalse();
    }
}
