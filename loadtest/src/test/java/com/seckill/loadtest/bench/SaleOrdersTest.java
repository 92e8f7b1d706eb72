package com.seckill.loadtest.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** How the benches count a sale's orders: through the admins' stats, which answer a script of figures here. */
class SaleOrdersTest {

    private static final long SALE = 7;

    private final ConcurrentLinkedQueue<Integer> script = new ConcurrentLinkedQueue<>();
    private final List<String> asked = Collections.synchronizedList(new ArrayList<>());
    private volatile int last = 0;
    private HttpServer stats;

    /** Answers the admins' stats with the next figure of the script (a negative one: 503), then with the last figure again. */
    private SaleOrders orders(Integer... figures) throws IOException {
        script.addAll(List.of(figures));
        stats = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        stats.createContext("/api/admin/activities/", exchange -> {
            asked.add(exchange.getRequestURI().getPath() + " " + exchange.getRequestHeaders().getFirst("Authorization"));
            Integer next = script.poll();
            int figure = next == null ? last : next;
            last = next == null || next >= 0 ? figure : last;
            byte[] body = (figure < 0 ? "{\"code\":\"BUSY\"}" : "{\"activityId\":7,\"liveOrders\":" + figure + ",\"consistent\":false}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(figure < 0 ? 503 : 200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        stats.start();
        return new SaleOrders(new LoadDriver("http://127.0.0.1:" + stats.getAddress().getPort(), 1), "admin-token");
    }

    @AfterEach
    void stop() {
        stats.stop(0);
    }

    @Test
    void theCountIsTheSalesLiveOrdersAskedAsAnAdmin() throws Exception {
        assertThat(orders(42).count(SALE)).isEqualTo(42);
        assertThat(asked).containsExactly("/api/admin/activities/7/stats Bearer admin-token");
    }

    @Test
    void aWatchStartedBeforeTheOrdersSeesEachFigureReachedInTurnThroughAnswersThatAreNotYetThere() throws Exception {
        SaleOrders orders = orders(-1, -1, 0, 0, 1, 4, 4, 10);

        long[] at = orders.watch(SALE, 10, 1, 3, 10).get(10, TimeUnit.SECONDS);

        assertThat(at[0]).isPositive();
        assertThat(at[1]).as("3 was first seen with 4").isGreaterThan(at[0]);
        assertThat(at[2]).isGreaterThan(at[1]);
        assertThat(asked).as("read until the last figure, not after").hasSize(8);
    }

    @Test
    void aFigureNeverReachedFailsTheWatchOnceItsTimeIsUp() throws Exception {
        SaleOrders orders = orders(2);

        assertThatThrownBy(() -> orders.reached(SALE, 1, 3)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("2 orders of 3 after 1 s");
    }

    @Test
    void theSettledCountIsTheFirstThatDidNotGrowBetweenTwoReadings() throws Exception {
        assertThat(orders(0, 5, 9, 9, 12).settled(SALE, 30)).isEqualTo(9);
    }
}
