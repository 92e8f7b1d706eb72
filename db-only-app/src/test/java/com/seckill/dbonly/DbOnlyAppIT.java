package com.seckill.dbonly;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/** The yardstick on the real MariaDB: sells exactly its stock, one UPDATE per request, and refuses what is no activity id. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "DBONLY_DATABASE=seckill_dbonly_it")
class DbOnlyAppIT {

    private final HttpClient http = HttpClient.newHttpClient();

    @LocalServerPort
    int port;

    @Autowired
    JdbcTemplate jdbc;

    private HttpResponse<String> buy(String activity) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/buy/" + activity))
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void sellsExactlyItsStockThenAnswersSoldOut() throws Exception {
        long activity = ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE);
        jdbc.update("INSERT INTO db_only_stock (id, stock) VALUES (?, 2)", activity);

        assertThat(buy(Long.toString(activity)).statusCode()).isEqualTo(200);
        assertThat(buy(Long.toString(activity)).statusCode()).isEqualTo(200);
        HttpResponse<String> third = buy(Long.toString(activity));
        assertThat(third.statusCode()).isEqualTo(410);
        assertThat(third.body()).contains("SOLD_OUT");
        assertThat(jdbc.queryForObject("SELECT stock FROM db_only_stock WHERE id = ?", Integer.class, activity)).isZero();
    }

    @Test
    void anActivityIdThatIsNoNumberIsA400ProblemAndChangesNothing() throws Exception {
        HttpResponse<String> answer = buy("phone");
        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(answer.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type).contains("problem+json"));
    }
}
