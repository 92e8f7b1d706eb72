package com.seckill.gateway.web;

import com.seckill.common.ops.ServiceFacts;
import com.seckill.common.trust.InternalTokens;
import com.seckill.gateway.auth.JwtProperties;
import java.time.Clock;
import java.util.Map;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.core.env.Environment;
import org.springframework.core.env.Profiles;
import org.springframework.stereotype.Component;

/**
 * What {@code ./seckill doctor} asks the gateway ({@code /actuator/info}, management port): active
 * profiles, the rate limits and blacklist refresh in force, whether a development secret of the
 * source tree is in use, and its clock.
 */
@Component
class OperatorFacts implements InfoContributor {

    private final Environment environment;
    private final Clock clock;

    OperatorFacts(Environment environment, Clock clock) {
        this.environment = environment;
        this.clock = clock;
    }

    @Override
    public void contribute(Info.Builder builder) {
        Map<String, Boolean> development = Map.of(
                "jwt", JwtProperties.DEVELOPMENT_SECRET.equals(environment.getProperty("seckill.gateway.jwt.secret")),
                "trust", InternalTokens.DEVELOPMENT_SECRET.equals(environment.getProperty("seckill.trust.secret")));
        builder.withDetails(ServiceFacts.of(environment.getActiveProfiles(), environment.getDefaultProfiles(),
                        environment.acceptsProfiles(Profiles.of(ServiceFacts.LOCAL_PROFILE)), development, clock.millis()).details())
                .withDetail("rateLimits", Map.of(
                        "perIp", environment.getProperty("seckill.gateway.rate-limit.per-ip", "?"),
                        "perUser", environment.getProperty("seckill.gateway.rate-limit.per-user", "?"),
                        "perActivity", environment.getProperty("seckill.gateway.rate-limit.per-activity", "?")))
                .withDetail("blacklistRefresh", environment.getProperty("seckill.gateway.blacklist.refresh", "?"));
    }
}
