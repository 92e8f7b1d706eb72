package com.seckill.gateway.purchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.seckill.common.trust.PurchasePaths;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

class PurchaseAttemptTest {

    @Test
    void postToActivityAndPathIsAPurchase() {
        assertThat(PurchaseAttempt.of(HttpMethod.POST, "/api/seckill/42/eyJh.Ab-c_9.x-Y_z"))
                .contains(new PurchaseAttempt(42, "eyJh.Ab-c_9.x-Y_z"));
    }

    @Test
    void aWordInTheAlphabetIsAnAttemptTheLimiterMetersAndThePathFilterRefuses() {
        assertThat(PurchaseAttempt.of(HttpMethod.POST, "/api/seckill/42/somePath")).contains(new PurchaseAttempt(42, "somePath"));
    }

    @Test
    void trailingSlashDoesNotDodgeTheCheck() {
        assertThat(PurchaseAttempt.of(HttpMethod.POST, "/api/seckill/42/a.b.c/")).contains(new PurchaseAttempt(42, "a.b.c"));
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
            assertThatThrownBy(() -> PurchaseAttempt.of(HttpMethod.POST, "/api/seckill/" + activity + "/a.b.c"))
                    .as(activity).isInstanceOf(InvalidActivityId.class);
        }
    }

    @Test
    void pathOutsideTheIssuedAlphabetOrTooLongIsABadPath() {
        for (String path : new String[] {"a$b.c.d", "a~b", "a%2Eb", "a:b", "a+b=="}) {
            assertThatThrownBy(() -> PurchaseAttempt.of(HttpMethod.POST, "/api/seckill/1/" + path))
                    .as(path).isInstanceOf(PathRejected.class);
        }
        String tooLong = "a".repeat(PurchasePaths.MAX_LENGTH - 3) + ".b.cd";
        assertThatThrownBy(() -> PurchaseAttempt.of(HttpMethod.POST, "/api/seckill/1/" + tooLong))
                .isInstanceOf(PathRejected.class);
    }
}
