package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A browser loads the shop page, then asks for the clock and the sale on the same connection, each as
 * soon as it has read the answer before. Every request is answered: the gateway lost the connection's
 * next read when a request arrived before the previous exchange had finished on the server (Reactor
 * Netty 1.2, reactor/reactor-netty#4361), and about a third of such connections never got their third
 * answer (CI: the Swagger UI's third document timed out after 30 s).
 */
class KeepAliveIT {

    private static final SeckillSystem system = new SeckillSystem();
    private static final int CONNECTIONS = 40;

    @AfterAll
    static void close() {
        system.close();
    }

    @Test
    void everyRequestOnAKeepAliveConnectionIsAnsweredHoweverSoonItFollowsTheAnswerBefore() {
        List<String> pages = List.of("/", "/favicon.svg", "/app.css", "/admin", "/swagger-ui/index.html");
        List<String> unanswered = new ArrayList<>();
        for (int connection = 0; connection < CONNECTIONS; connection++) {
            List<String> paths = List.of(pages.get(connection % pages.size()), "/api/time", "/api/time",
                    "/v3/api-docs/gateway-service/swagger-config", "/api/activities");
            List<Integer> statuses = system.getInTurn(paths, Duration.ofSeconds(5));
            if (statuses.size() < paths.size() || statuses.contains(-1)) {
                unanswered.add(paths + " -> " + statuses);
            }
            assertThat(statuses).as("%s", paths).allMatch(status -> status == -1 || status < 500);
        }
        assertThat(unanswered).as("connections with a request unanswered for 5 s").isEmpty();
    }
}
