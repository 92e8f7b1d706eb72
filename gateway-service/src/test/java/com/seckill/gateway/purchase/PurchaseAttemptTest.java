package com.seckill.gateway.purchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

class PurchaseAttemptTest {

    @Test
    void postToActivityAndPathIsAPurchase() {
        assertThat(PurchaseAttempt.of(HttpMethod.POST, "/api/seckill/42/Ab-c_9"))
                .contains(new PurchaseAttempt(42, "Ab-c_9"));
    }

    @Test
    void trailingSlashDoesNotDodgeTheCheck() {
        assertThat(PurchaseAttempt.of(HttpMethod.POST, "/api/seckill/42/abc/")).contains(new PurchaseAttempt(42, "abc"));
    }

    @Test
    void askingForAPathIsNotAPurchase() {
        assertThat(PurchaseAttempt.of(HttpMethod.POST, "/api/seckill/42/token")).isEmpty();
        assertThat(PurchaseAttempt.of(HttpMethod.POST, "/api/seckill/42/queue")).as("joining the waiting room").isEmpty();
    }

    @Test
    void readsAreNotPurchases() {
        assertThat(PurchaseAttempt.of(HttpMethod.GET, "/api/seckill/42/captcha")).isEmpty();
        assertThat(PurchaseAttempt.of(HttpMethod.GET, "/api/seckill/result/req-1")).isEmpty();
        assertThat(PurchaseAttempt.of(HttpMethod.POST, "/api/orders/1/cancel")).isEmpty();
    }

    @Test
    void nonNumericZeroNegativeOrOverflowingActivityIsABadRequest() {
        for (String activity : new String[] {"abc", "0", "-5", "+5", "99999999999999999999", "1e3"}) {
            assertThatThrownBy(() -> PurchaseAttempt.of(HttpMethod.POST, "/api/seckill/" + activity + "/abc"))
                    .as(activity).isInstanceOf(InvalidActivityId.class);
        }
    }

    @Test
    void pathOutsideTheIssuedAlphabetOrTooLongIsABadPath() {
        assertThatThrownBy(() -> PurchaseAttempt.of(HttpMethod.POST, "/api/seckill/1/a$b"))
                .isInstanceOf(PathRejected.class);
        assertThatThrownBy(() -> PurchaseAttempt.of(HttpMethod.POST, "/api/seckill/1/" + "a".repeat(65)))
                .isInstanceOf(PathRejected.class);
    }
}
