package com.seckill.payment.sandbox;

import com.seckill.payment.callback.ProviderCallback;
import com.seckill.payment.refund.Refund;
import com.seckill.payment.refund.RefundProvider;
import jakarta.annotation.PreDestroy;
import java.time.Clock;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClientException;

/**
 * The sandbox provider's refunds: asked to refund, it answers at once and, a moment later and on its own
 * thread as a real provider's servers would, sends the signed refund callback. One it could not deliver is
 * not retried here: payment-service asks again for a refund left unconfirmed (the refund relay).
 */
@Component
@ConditionalOnProperty(name = "seckill.payment.sandbox.enabled", havingValue = "true")
class SandboxRefunds implements RefundProvider {

    private static final Logger log = LoggerFactory.getLogger(SandboxRefunds.class);

    private final SandboxCallbacks callbacks;
    private final Clock clock;
    private final ExecutorService sender = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "sandbox-refunds");
        thread.setDaemon(true);
        return thread;
    });

    SandboxRefunds(SandboxCallbacks callbacks, Clock clock) {
        this.callbacks = callbacks;
        this.clock = clock;
    }

    @Override
    public void refund(Refund refund) {
        sender.execute(() -> {
            try {
                int status = callbacks.send(new ProviderCallback(refund.tradeNo(), refund.orderId(), refund.amount(),
                        ProviderCallback.REFUNDED, clock.instant().getEpochSecond(), refund.refundNo()));
                if (status != 200) {
                    log.warn("Refund callback of {} answered {}: asked again later", refund.refundNo(), status);
                }
            } catch (RestClientException e) {
                log.warn("Refund callback of {} not delivered: {}", refund.refundNo(), e.toString());
            }
        });
    }

    @PreDestroy
    void stop() {
        sender.shutdownNow();
    }
}
