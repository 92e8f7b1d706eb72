package com.seckill.gateway.auth;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

class AccessRulesTest {

    @Test
    void activityListAndOneActivityArePublicToRead() {
        assertThat(AccessRules.required(HttpMethod.GET, "/api/activities")).isEqualTo(Access.PUBLIC);
        assertThat(AccessRules.required(HttpMethod.GET, "/api/activities/42")).isEqualTo(Access.PUBLIC);
    }

    @Test
    void anythingDeeperOrWritingUnderActivitiesNeedsAUser() {
        assertThat(AccessRules.required(HttpMethod.GET, "/api/activities/42/secret")).isEqualTo(Access.USER);
        assertThat(AccessRules.required(HttpMethod.POST, "/api/activities/42")).isEqualTo(Access.USER);
    }

    @Test
    void paymentCallbackIsPublicBecauseItIsSignedByTheProvider() {
        assertThat(AccessRules.required(HttpMethod.POST, "/api/payments/callback")).isEqualTo(Access.PUBLIC);
        assertThat(AccessRules.required(HttpMethod.POST, "/api/payments")).isEqualTo(Access.USER);
    }

    @Test
    void everythingElseNeedsAUser() {
        assertThat(AccessRules.required(HttpMethod.GET, "/api/orders")).isEqualTo(Access.USER);
        assertThat(AccessRules.required(HttpMethod.POST, "/api/seckill/1/token")).isEqualTo(Access.USER);
        assertThat(AccessRules.required(HttpMethod.GET, "/api/seckill/result/abc")).isEqualTo(Access.USER);
    }

    @Test
    void adminPathsNeedAnAdminWhateverTheMethod() {
        assertThat(AccessRules.required(HttpMethod.GET, "/api/admin/activities/1/stats")).isEqualTo(Access.ADMIN);
        assertThat(AccessRules.required(HttpMethod.POST, "/api/admin/activities")).isEqualTo(Access.ADMIN);
        assertThat(AccessRules.required(HttpMethod.GET, "/api/admin")).isEqualTo(Access.ADMIN);
        assertThat(AccessRules.required(HttpMethod.GET, "/api/administrator")).isEqualTo(Access.USER);
    }

    @Test
    void theGatewaysPageHealthAndSignInArePublic() {
        assertThat(AccessRules.required(HttpMethod.GET, "/")).isEqualTo(Access.PUBLIC);
        assertThat(AccessRules.required(HttpMethod.GET, "/app.js")).isEqualTo(Access.PUBLIC);
        assertThat(AccessRules.required(HttpMethod.GET, "/actuator/health")).isEqualTo(Access.PUBLIC);
        assertThat(AccessRules.required(HttpMethod.POST, "/api/auth/demo-token")).isEqualTo(Access.PUBLIC);
        assertThat(AccessRules.required(HttpMethod.GET, "/api/time")).isEqualTo(Access.PUBLIC);
        assertThat(AccessRules.required(HttpMethod.POST, "/api/time")).isEqualTo(Access.USER);
        assertThat(AccessRules.required(HttpMethod.GET, "/admin")).isEqualTo(Access.PUBLIC);
        assertThat(AccessRules.required(HttpMethod.GET, "/api/auth/demo-token")).isEqualTo(Access.USER);
        assertThat(AccessRules.required(HttpMethod.GET, "/api")).isEqualTo(Access.USER);
    }

    @Test
    void blacklistAdministrationNeedsAnAdmin() {
        assertThat(AccessRules.required(HttpMethod.GET, "/api/admin/blacklist")).isEqualTo(Access.ADMIN);
        assertThat(AccessRules.required(HttpMethod.DELETE, "/api/admin/blacklist/3")).isEqualTo(Access.ADMIN);
    }
}
