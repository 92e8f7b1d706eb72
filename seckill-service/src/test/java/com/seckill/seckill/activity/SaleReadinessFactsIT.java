package com.seckill.seckill.activity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.seckill.OrderQueueStandIn;
import com.seckill.seckill.SeckillServiceIT;
import com.seckill.web.test.Callers;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;

/**
 * What {@code ./seckill doctor} reads of the sales ({@code /actuator/info}, "sales"), on the real MariaDB, Redis and
 * RabbitMQ: a sale on now is reported sellable, with Redis stock = MySQL stock - in flight as purchases are accepted;
 * a sale beyond its warm-up window is not reported; a sale Redis holds nothing of is reported not sellable.
 */
class SaleReadinessFactsIT extends SeckillServiceIT {

    private static final long ADMIN = 42;

    @Autowired
    MockMvc mvc;
    @Autowired
    ObjectMapper json;
    @Autowired
    AmqpAdmin admin;
    @Autowired
    SaleReadinessReport report;

    private OrderQueueStandIn orders;

    @BeforeEach
    void bindTestQueue() {
        orders = OrderQueueStandIn.bind(admin);
    }

    @AfterEach
    void dropTestQueue() {
        orders.close();
    }

    private long create(Instant start, int stock) throws Exception {
        String body = """
                {"goodsId":%d,"goodsName":"Checked phone","price":9.90,"stock":%d,"startTime":"%s","endTime":"%s","buckets":2}
                """.formatted(uniqueId(), stock, start, start.plus(Duration.ofHours(1)));
        String created = mvc.perform(post("/api/admin/activities").contentType(MediaType.APPLICATION_JSON).content(body)
                .with(Callers.admin(ADMIN))).andReturn().getResponse().getContentAsString();
        return json.readTree(created).get("id").asLong();
    }

    private Optional<JsonNode> reported(long activityId) throws Exception {
        JsonNode info = json.readTree(mvc.perform(get("/actuator/info")).andReturn().getResponse().getContentAsString());
        assertThat(info.has("sales")).as(info.toString()).isTrue();
        return StreamSupport.stream(info.get("sales").spliterator(), false)
                .filter(sale -> sale.get("activityId").asLong() == activityId).findFirst();
    }

    @Test
    void aSaleOnNowIsReportedWarmedWithItsStockBesideMySqlsLessWhatIsInFlight() throws Exception {
        long onSale = create(Instant.now().minusSeconds(5), 7);
        long later = create(Instant.now().plus(Duration.ofHours(3)), 7);

        JsonNode sale = reported(onSale).orElseThrow();
        assertThat(sale.get("sellable").asBoolean()).isTrue();
        assertThat(sale.get("redisStock").asInt()).isEqualTo(7);
        assertThat(sale.get("dbStock").asInt()).isEqualTo(7);
        assertThat(sale.get("inFlight").asLong()).isZero();
        assertThat(reported(later)).as("starts beyond the warm-up window").isEmpty();

        long userId = uniqueId();
        String path = json.readTree(mvc.perform(post("/api/seckill/{id}/token", onSale).with(Callers.user(userId)))
                .andReturn().getResponse().getContentAsString()).get("path").asText();
        assertThat(mvc.perform(post("/api/seckill/{id}/{path}", onSale, path).with(Callers.user(userId)))
                .andReturn().getResponse().getStatus()).isEqualTo(202);

        JsonNode bought = reported(onSale).orElseThrow();
        assertThat(bought.get("redisStock").asInt()).as(bought.toString()).isEqualTo(6);
        assertThat(bought.get("dbStock").asInt()).as("no order written: no order-service here").isEqualTo(7);
        assertThat(bought.get("inFlight").asLong()).isEqualTo(1);
    }

    @Test
    void aSaleRedisHoldsNothingOfIsNotSellable() {
        Activity never = new Activity(uniqueId(), 1, "Never warmed", new BigDecimal("1.00"), 5, 5,
                Instant.now().minusSeconds(5), Instant.now().plus(Duration.ofHours(1)), false, 2);

        SaleReadiness readiness = report.readiness(never);

        assertThat(readiness.sellable()).isFalse();
        assertThat(readiness.redisStock()).isNull();
        assertThat(readiness.dbStock()).isEqualTo(5);
    }
}
