package com.seckill.seckill.token;

import com.seckill.seckill.SeckillProperties;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.purchase.SaleGuard;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.validation.constraints.Size;
import org.springframework.stereotype.Service;

/**
 * Issues the one-time purchase path: random, signed for one user and activity, valid for a short time
 * ({@link OneTimePaths}), and consumed by the purchase script on use, so a path can neither be
 * shared nor replayed; only to a shopper entitled to one ({@link PathEligibility}: admitted by the
 * waiting room, the captcha answered, where the activity asks for them).
 */
@Service
class PathTokenService {

    private final SaleGuard guard;
    private final PathEligibility eligibility;
    private final OneTimePaths paths;
    private final SeckillProperties properties;
    private final Counter issued;

    PathTokenService(SaleGuard guard, PathEligibility eligibility, OneTimePaths paths, SeckillProperties properties,
                     MeterRegistry meters) {
        this.issued = Counter.builder("seckill.path.tokens").description("One-time purchase paths issued").register(meters);
        this.guard = guard;
        this.eligibility = eligibility;
        this.paths = paths;
        this.properties = properties;
    }

    PathToken issue(long activityId, long userId, TokenRequest request, String admission) {
        Activity activity = guard.open(activityId);
        eligibility.check(activity, userId, request == null ? null : request.captcha(), admission);
        String path = paths.issue(activity, userId);
        issued.increment();
        return new PathToken(path, properties.pathTtl().toSeconds());
    }

    record PathToken(String path, long expiresInSeconds) {
    }

    /** Optional body of the path request; the captcha answer is checked when the activity asks for one, ignored otherwise. */
    record TokenRequest(@Size(max = 16) String captcha) {
    }
}
