package com.seckill.order;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.web.persistence.GuardFacts;
import com.seckill.web.persistence.UniqueGuard;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.web.servlet.MockMvc;

/**
 * order-service reports its consumer's settings, and its own unique guards to {@code ./seckill doctor} ({@code /actuator/info}, "guards"), read
 * from its database: the doctor names none of its tables.
 */
class GuardsReportedIT extends OrderServiceIT {

    @Autowired
    MockMvc mvc;
    @Autowired
    ObjectMapper json;
    @Autowired
    JdbcTemplate jdbc;
    @Autowired
    OrderProperties properties;

    @Test
    void theInfoEndpointReportsEveryGuardOfOrdersAndTheConsumeLogAsPresent() throws Exception {
        JsonNode info = json.readTree(mvc.perform(get("/actuator/info")).andReturn().getResponse().getContentAsString());

        assertThat(json.convertValue(info.get("guards"), Map.class)).containsExactlyInAnyOrderEntriesOf(Map.of(
                "seckill_order.uk_order_user_activity", true, "seckill_order.uk_order_request", true,
                "seckill_order.uk_order_no", true, "mq_consume_log.uk_consume_message", true));
    }

    /** What the bench reports beside its figures, asked of the running service (the test profile's settings). */
    @Test
    void theInfoEndpointReportsTheConsumerSettingsThisInstanceRunsWith() throws Exception {
        JsonNode info = json.readTree(mvc.perform(get("/actuator/info")).andReturn().getResponse().getContentAsString());

        JsonNode consumer = info.path("orderConsumer");
        assertThat(consumer.path("concurrency").asInt()).isEqualTo(properties.concurrency()).isPositive();
        assertThat(consumer.path("prefetch").asInt()).isEqualTo(properties.prefetch());
        assertThat(consumer.path("batchSize").asInt()).isEqualTo(properties.batchSize());
        assertThat(consumer.path("batchWait").asText()).isEqualTo(properties.batchWait().toMillis() + "ms");
    }

    /** The doctor takes the clock for the middle of its call: read before the guards, which may wait on a database that is down. */
    @Test
    void theClockIsReadBeforeTheGuards() throws Exception {
        JsonNode info = json.readTree(mvc.perform(get("/actuator/info")).andReturn().getResponse().getContentAsString());

        List<String> fields = new ArrayList<>();
        info.fieldNames().forEachRemaining(fields::add);
        assertThat(fields).contains("clock", "guards");
        assertThat(fields.indexOf("clock")).as(fields.toString()).isLessThan(fields.indexOf("guards"));
    }

    @Test
    void anIndexThatIsMissingOrNotUniqueIsReportedAbsent() {
        GuardFacts facts = new GuardFacts(jdbc, List.of(new UniqueGuard("seckill_order", "uk_order_no"),
                new UniqueGuard("seckill_order", "uk_no_such_index"), new UniqueGuard("seckill_order", "idx_order_activity_status")));

        assertThat(facts.present()).containsExactly(Map.entry("seckill_order.uk_order_no", true),
                Map.entry("seckill_order.uk_no_such_index", false), Map.entry("seckill_order.idx_order_activity_status", false));
    }
}
