package com.seckill.seckill.token;

import com.seckill.common.trust.QueueTokens;
import com.seckill.seckill.Refusals;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import com.seckill.seckill.captcha.CaptchaService;
import java.time.Clock;
import org.springframework.stereotype.Component;

/**
 * Who may be given a path for an open sale: on a waiting-room activity only an admitted shopper
 * (whatever the gateway checked), and on one that requires a captcha only with the right answer to
 * the captcha last shown to this user.
 */
@Component
class PathEligibility {

    private final ActivityCatalog catalog;
    private final QueueTokens queueTokens;
    private final CaptchaService captchas;
    private final Clock clock;

    PathEligibility(ActivityCatalog catalog, QueueTokens queueTokens, CaptchaService captchas, Clock clock) {
        this.catalog = catalog;
        this.queueTokens = queueTokens;
        this.captchas = captchas;
        this.clock = clock;
    }

    /** Refuses (NOT_ADMITTED, a captcha refusal) a shopper not entitled to a path now. */
    void check(Activity activity, long userId, String captcha, String admission) {
        long activityId = activity.id();
        if (catalog.room(activityId).isPresent() && !queueTokens.isAdmitted(admission, activityId, userId, clock.instant())) {
            throw new Refusals.NotAdmitted();
        }
        if (activity.captchaRequired()) {
            captchas.verify(activityId, userId, captcha);
        }
    }
}
