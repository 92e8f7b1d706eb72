package com.seckill.gateway.auth;

import static com.seckill.gateway.auth.AccessRules.Access.ADMIN;
import static com.seckill.gateway.auth.AccessRules.Access.PUBLIC;
import static com.seckill.gateway.auth.AccessRules.Access.USER;
import static org.assertj.core.api.Assertions.assertThat;

import com.seckill.gateway.auth.AccessRules.Access;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;

class AccessRulesTest {

    @Test
    void activityListAndOneActivityArePublicToRead() {
        assertThat(required(HttpMethod.GET, "/api/activities")).isEqualTo(PUBLIC);
        assertThat(required(HttpMethod.GET, "/api/activities/42")).isEqualTo(PUBLIC);
    }

    @Test
    void anythingDeeperOrWritingUnderActivitiesNeedsAUser() {
        assertThat(required(HttpMethod.GET, "/api/activities/42/secret")).isEqualTo(USER);
        assertThat(required(HttpMethod.POST, "/api/activities/42")).isEqualTo(USER);
    }

    @Test
    void paymentCallbackIsPublicBecauseItIsSignedByTheProvider() {
        assertThat(required(HttpMethod.POST, "/api/payments/callback")).isEqualTo(PUBLIC);
        assertThat(required(HttpMethod.POST, "/api/payments")).isEqualTo(USER);
    }

    @Test
    void everythingElseNeedsAUser() {
        assertThat(required(HttpMethod.GET, "/api/orders")).isEqualTo(USER);
        assertThat(required(HttpMethod.POST, "/api/seckill/1/token")).isEqualTo(USER);
        assertThat(required(HttpMethod.GET, "/api/seckill/result/abc")).isEqualTo(USER);
    }

    @Test
    void adminPathsNeedAnAdminWhateverTheMethod() {
        assertThat(required(HttpMethod.GET, "/api/admin/activities/1/stats")).isEqualTo(ADMIN);
        assertThat(required(HttpMethod.POST, "/api/admin/activities")).isEqualTo(ADMIN);
        assertThat(required(HttpMethod.GET, "/api/admin")).isEqualTo(ADMIN);
        assertThat(required(HttpMethod.GET, "/api/administrator")).isEqualTo(USER);
    }

    @Test
    void theGatewaysPageHealthAndSignInArePublic() {
        assertThat(required(HttpMethod.GET, "/")).isEqualTo(PUBLIC);
        assertThat(required(HttpMethod.GET, "/app.js")).isEqualTo(PUBLIC);
        assertThat(required(HttpMethod.GET, "/actuator/health")).isEqualTo(PUBLIC);
        assertThat(required(HttpMethod.POST, "/api/auth/demo-token")).isEqualTo(PUBLIC);
        assertThat(required(HttpMethod.GET, "/api/time")).isEqualTo(PUBLIC);
        assertThat(required(HttpMethod.POST, "/api/time")).isEqualTo(USER);
        assertThat(required(HttpMethod.GET, "/admin")).isEqualTo(PUBLIC);
        assertThat(required(HttpMethod.GET, "/api/auth/demo-token")).isEqualTo(USER);
        assertThat(required(HttpMethod.GET, "/api")).isEqualTo(USER);
    }

    @Test
    void blacklistAdministrationNeedsAnAdmin() {
        assertThat(required(HttpMethod.GET, "/api/admin/blacklist")).isEqualTo(ADMIN);
        assertThat(required(HttpMethod.DELETE, "/api/admin/blacklist/3")).isEqualTo(ADMIN);
    }

    @Test
    void headReadsWhatGetReadsAndOtherMethodsOnPublicPathsNeedAUser() {
        assertThat(required(HttpMethod.HEAD, "/api/activities/7")).isEqualTo(PUBLIC);
        assertThat(required(HttpMethod.HEAD, "/api/time")).isEqualTo(PUBLIC);
        assertThat(required(HttpMethod.DELETE, "/api/activities/7")).isEqualTo(USER);
        assertThat(required(HttpMethod.PUT, "/api/payments/callback")).isEqualTo(USER);
        assertThat(required(HttpMethod.GET, "/api/activities/7.json")).isEqualTo(USER);
    }

    private static Access required(HttpMethod method, String path) {
        return AccessRules.required(MockServerWebExchange.from(MockServerHttpRequest.method(method, path))).block();
    }
}
