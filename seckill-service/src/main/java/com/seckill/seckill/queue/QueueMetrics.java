package com.seckill.seckill.queue;

import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * The waiting rooms in Prometheus (contract §11): for every room open now, by {@code activity},
 * {@code seckill_waiting_room_waiting}, {@code _serving}, {@code _admitted}, {@code _admission_rate} and
 * {@code _paused}, read from Redis every {@code seckill.queue.metrics-every} (the same figures on every
 * instance: take the max); and {@code seckill_waiting_room_answers_total{activity, status}}, what this
 * instance told the shoppers who joined or asked (WAITING, PAUSED, ADMITTED, SOLD_OUT, EXPIRED).
 */
@Component
class QueueMetrics {

    private static final Logger log = LoggerFactory.getLogger(QueueMetrics.class);
    static final String ANSWERS = "seckill.waiting.room.answers";

    private final ActivityCatalog catalog;
    private final QueueAdmin admin;
    private final MeterRegistry meters;
    private final Clock clock;
    private final MultiGauge waiting;
    private final MultiGauge serving;
    private final MultiGauge admitted;
    private final MultiGauge rate;
    private final MultiGauge paused;
    private final Map<Answer, Counter> answers = new ConcurrentHashMap<>();

    QueueMetrics(ActivityCatalog catalog, QueueAdmin admin, MeterRegistry meters, Clock clock) {
        this.catalog = catalog;
        this.admin = admin;
        this.meters = meters;
        this.clock = clock;
        waiting = gauge("seckill.waiting.room.waiting", "Shoppers in the waiting room, not admitted yet");
        serving = gauge("seckill.waiting.room.serving", "The place being served: every place up to it is admitted");
        admitted = gauge("seckill.waiting.room.admitted", "Shoppers admitted so far");
        rate = gauge("seckill.waiting.room.admission.rate", "Admissions a second, as set by the operators");
        paused = gauge("seckill.waiting.room.paused", "1 while the operators hold the waiting room");
    }

    /** Counts one answer; the counter of each (activity, status) is built once, not on every answer of the crowd. */
    void answered(long activityId, String status) {
        answers.computeIfAbsent(new Answer(activityId, status), answer -> Counter.builder(ANSWERS)
                .description("Waiting room answers by status").tag("activity", Long.toString(answer.activityId()))
                .tag("status", answer.status().toLowerCase(Locale.ROOT)).register(meters)).increment();
    }

    @Scheduled(fixedDelayString = QueueProperties.METRICS_EVERY)
    void refresh() {
        Instant now = clock.instant();
        List<Figures> open = new ArrayList<>();
        for (Activity activity : catalog.all()) {
            catalog.room(activity.id()).filter(room -> !now.isBefore(room.opensAt(activity)) && !activity.endedAt(now)).ifPresent(room -> {
                try {
                    open.add(new Figures(activity.id(), admin.view(activity.id())));
                } catch (RuntimeException e) {
                    log.debug("Waiting room of activity {} not read: {}", activity.id(), e.toString());
                }
            });
        }
        register(waiting, open, QueueView::waiting);
        register(serving, open, QueueView::serving);
        register(admitted, open, QueueView::admitted);
        register(rate, open, QueueView::admissionPerSecond);
        register(paused, open, view -> view.paused() ? 1 : 0);
    }

    private MultiGauge gauge(String name, String description) {
        return MultiGauge.builder(name).description(description).register(meters);
    }

    private static void register(MultiGauge gauge, List<Figures> open, ToLongFunction<QueueView> figure) {
        gauge.register(open.stream().map(f -> MultiGauge.Row.of(Tags.of("activity", Long.toString(f.activityId())),
                figure.applyAsLong(f.view()))).toList(), true);
    }

    private record Answer(long activityId, String status) {
    }

    private record Figures(long activityId, QueueView view) {
    }
}
