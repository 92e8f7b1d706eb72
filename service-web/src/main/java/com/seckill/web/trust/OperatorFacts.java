package com.seckill.web.trust;

import com.seckill.common.ops.ServiceFacts;
import com.seckill.common.trust.InternalTokens;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.core.env.Profiles;

/**
 * What {@code ./seckill doctor} asks every service ({@code /actuator/info} on its own port): the
 * active profiles, whether a development secret of the source tree is in use (the internal-token one
 * and every {@link DevelopmentSecret} bean), and its clock. First of the contributors: the doctor takes the clock
 * for the middle of its call, so a contributor that reads a database or Redis (and may wait on one that is down)
 * must come after the clock is read, not before.
 */
class OperatorFacts implements InfoContributor, Ordered {

    private final Environment environment;
    private final TrustProperties trust;
    private final List<DevelopmentSecret> secrets;
    private final Clock clock;

    OperatorFacts(Environment environment, TrustProperties trust, List<DevelopmentSecret> secrets, Clock clock) {
        this.environment = environment;
        this.trust = trust;
        this.secrets = secrets;
        this.clock = clock;
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    @Override
    public void contribute(Info.Builder builder) {
        Map<String, Boolean> development = new HashMap<>();
        development.put("trust", InternalTokens.DEVELOPMENT_SECRET.equals(trust.secret()));
        secrets.forEach(secret -> development.put(secret.name(), secret.inUse()));
        builder.withDetails(ServiceFacts.of(environment.getActiveProfiles(), environment.getDefaultProfiles(),
                environment.acceptsProfiles(Profiles.of(ServiceFacts.LOCAL_PROFILE)), development, clock.millis()).details());
    }
}
