package com.seckill.common.error;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ErrorCodeTest {

    @Test
    void contractCodesCarryTheirStatus() {
        assertThat(ErrorCode.SOLD_OUT.status()).isEqualTo(410);
        assertThat(ErrorCode.DUPLICATE.status()).isEqualTo(409);
        assertThat(ErrorCode.BAD_PATH.status()).isEqualTo(403);
        assertThat(ErrorCode.RATE_LIMITED.status()).isEqualTo(429);
        assertThat(ErrorCode.BUSY.status()).isEqualTo(503);
    }

    @Test
    void bareStatusesMapToAStableCode() {
        assertThat(ErrorCode.forStatus(400)).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(ErrorCode.forStatus(422)).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(ErrorCode.forStatus(404)).isEqualTo(ErrorCode.NOT_FOUND);
        assertThat(ErrorCode.forStatus(415)).isEqualTo(ErrorCode.UNSUPPORTED_MEDIA_TYPE);
        assertThat(ErrorCode.forStatus(503)).isEqualTo(ErrorCode.BUSY);
        assertThat(ErrorCode.forStatus(502)).isEqualTo(ErrorCode.INTERNAL);
    }
}
