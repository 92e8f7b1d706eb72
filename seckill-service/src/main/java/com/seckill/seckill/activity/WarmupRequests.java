package com.seckill.seckill.activity;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.core.task.TaskExecutor;
import org.springframework.stereotype.Component;

/** A purchase found an activity's figures unsellable: they are warmed in the background, one attempt per activity at a time. */
@Component
public class WarmupRequests {

    private static final Logger log = LoggerFactory.getLogger(WarmupRequests.class);

    private final ActivityWarmer warmer;
    private final TaskExecutor executor;
    private final Set<Long> requested = ConcurrentHashMap.newKeySet();

    WarmupRequests(ActivityWarmer warmer, @Qualifier("applicationTaskExecutor") TaskExecutor executor) {
        this.warmer = warmer;
        this.executor = executor;
    }

    public void request(Activity activity) {
        if (!requested.add(activity.id())) {
            return;
        }
        try {
            executor.execute(() -> {
                try {
                    warmer.warm(activity);
                } catch (RuntimeException e) {
                    log.warn("Warm-up of activity {} failed, will retry: {}", activity.id(), e.toString());
                } finally {
                    requested.remove(activity.id());
                }
            });
        } catch (RuntimeException e) {
            requested.remove(activity.id());
        }
    }
}
