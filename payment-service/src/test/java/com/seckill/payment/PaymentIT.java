package com.seckill.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.test.TestInfra;
import com.seckill.web.test.Callers;
import com.seckill.web.test.ServiceStandIn;
import com.seckill.payment.callback.CallbackSignature;
import com.seckill.payment.callback.ProviderCallback;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.AutoConfigureMockMvc;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

/** Payments, signed callbacks and settlement, on the real database and real HTTP. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.DEFINED_PORT)
@AutoConfigureMockMvc
class PaymentIT {

    private static final int PORT = ServiceStandIn.freePort();
    private static final OrderServiceStandIn orderService = new OrderServiceStandIn();
    private static final GatewayRelay gateway = new GatewayRelay();
    private final HttpClient http = HttpClient.newHttpClient();

    @Autowired
    MockMvc mvc;
    @Autowired
    CallbackSignature signature;
    @Autowired
    ObjectMapper json;

    @DynamicPropertySource
    static void infrastructure(DynamicPropertyRegistry registry) {
        TestInfra.register(registry);
        orderService.start();
        registry.add("server.port", () -> PORT);
        gateway.start(PORT);
        registry.add("seckill.payment.sandbox.callback-url", gateway::callbackUrl);
        registry.add("seckill.payment.settle-interval", () -> "300ms");
        registry.add("spring.cloud.discovery.client.simple.instances.order-service[0].uri", orderService::uri);
    }

    @AfterAll
    static void stopStandIn() {
        orderService.stop();
        gateway.stop();
    }

    @BeforeEach
    void orderServiceUp() {
        orderService.start();
    }

    static long uniqueId() {
        return ThreadLocalRandom.current().nextLong(1_000_000_000L, 9_000_000_000_000L);
    }

    /** An order as order-service holds it: payment-service can only ask order-service about it. */
    static long insertOrder(long userId, String price, int status) {
        return orderService.addOrder(userId, price, switch (status) {
            case 0 -> "PENDING";
            case 1 -> "PAID";
            case 2 -> "CANCELLED";
            default -> "CLOSED";
        });
    }

    static long query(String sql, Object... args) throws Exception {
        try (Connection c = TestInfra.connection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                s.setObject(i + 1, args[i]);
            }
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getLong(1) : -1;
            }
        }
    }

    String createPayment(long orderId, long userId) throws Exception {
        String answer = mvc.perform(post("/api/payments").with(Callers.user(userId))
                        .contentType(MediaType.APPLICATION_JSON).content("{\"orderId\":" + orderId + "}"))
                .andExpect(status().isCreated())
                .andReturn().getResponse().getContentAsString();
        return json.readTree(answer).get("tradeNo").asText();
    }

    HttpResponse<String> sendCallback(byte[] body, String signatureValue) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + PORT + "/api/payments/callback"))
                .header("Content-Type", "application/json")
                .header(CallbackSignature.HEADER, signatureValue)
                .header("Authorization", Callers.forwardedHeader(null, false, "POST", "/api/payments/callback"))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    byte[] callbackBody(String tradeNo, long orderId, String amount, long epochSecond) throws Exception {
        return json.writeValueAsBytes(ProviderCallback.paid(tradeNo, orderId, new BigDecimal(amount), epochSecond));
    }

    long paymentStatus(String tradeNo) throws Exception {
        return query("SELECT status FROM payment WHERE trade_no = ?", tradeNo);
    }

    /** The doctor asks payment-service whether its guard is there ({@code /actuator/info}, "guards"), never its table. */
    @Test
    void theInfoEndpointReportsTheOnePaymentPerOrderGuard() throws Exception {
        mvc.perform(get("/actuator/info"))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.guards.['payment.uk_payment_order']").value(true));
    }

    @Test
    void paymentTakesTheAmountFromTheOrderSnapshotAndIsIdempotentPerOrder() throws Exception {
        long userId = uniqueId();
        long orderId = insertOrder(userId, "12.34", 0);

        String tradeNo = createPayment(orderId, userId);
        mvc.perform(post("/api/payments").with(Callers.user(userId))
                        .contentType(MediaType.APPLICATION_JSON).content("{\"orderId\":" + orderId + "}"))
                .andExpect(status().isCreated())
                .andExpect(jsonPath("$.tradeNo").value(tradeNo))
                .andExpect(jsonPath("$.amount").value(12.34))
                .andExpect(jsonPath("$.status").value("WAITING"));
        assertThat(query("SELECT COUNT(*) FROM payment WHERE order_id = ?", orderId)).isEqualTo(1);
    }

    static Stream<String> badPaymentBodies() {
        return Stream.of("{garbage", "{}", "{\"orderId\":-1}", "{\"orderId\":\"abc\"}", "{\"orderId\":1.5}",
                "{\"orderId\":99999999999999999999}", "{\"orderId\":1,\"amount\":0.01}", "[]",
                // a key twice is one request read two ways: refused, not a 500 (Jackson's record binding) nor the last value
                "{\"orderId\":5,\"orderId\":5}", "{\"orderId\":5,\"orderId\":6}");
    }

    @ParameterizedTest
    @MethodSource("badPaymentBodies")
    void badPaymentRequestsAre400AndWriteNothing(String body) throws Exception {
        long before = query("SELECT COUNT(*) FROM payment");
        mvc.perform(post("/api/payments").with(Callers.user(5)).contentType(MediaType.APPLICATION_JSON).content(body))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.code").value("BAD_REQUEST"));
        assertThat(query("SELECT COUNT(*) FROM payment")).isEqualTo(before);
    }

    @Test
    void othersOrdersAre404AndOrdersNotPendingAre409() throws Exception {
        long owner = uniqueId();
        long pending = insertOrder(owner, "5.00", 0);
        long closed = insertOrder(owner, "5.00", 3);

        mvc.perform(post("/api/payments").with(Callers.user(owner + 1))
                        .contentType(MediaType.APPLICATION_JSON).content("{\"orderId\":" + pending + "}"))
                .andExpect(status().isNotFound()).andExpect(jsonPath("$.code").value("NOT_FOUND"));
        mvc.perform(post("/api/payments").with(Callers.user(owner))
                        .contentType(MediaType.APPLICATION_JSON).content("{\"orderId\":" + closed + "}"))
                .andExpect(status().isConflict()).andExpect(jsonPath("$.code").value("CONFLICT"));
        mvc.perform(post("/api/payments").with(Callers.user(owner))
                        .contentType(MediaType.APPLICATION_JSON).content("{\"orderId\":" + uniqueId() + "}"))
                .andExpect(status().isNotFound());
        String tradeNo = createPayment(pending, owner);
        mvc.perform(post("/api/payments/{tradeNo}/simulate", tradeNo).with(Callers.user(owner + 1)))
                .andExpect(status().isNotFound());
        assertThat(query("SELECT COUNT(*) FROM payment WHERE order_id = ?", closed)).isZero();
    }

    @Test
    void sandboxCallbackPaysThePaymentAndTheOrder() throws Exception {
        long userId = uniqueId();
        long orderId = insertOrder(userId, "20.00", 0);
        String tradeNo = createPayment(orderId, userId);

        mvc.perform(post("/api/payments/{tradeNo}/simulate", tradeNo).with(Callers.user(userId)))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.callbackStatus").value(200));

        assertThat(paymentStatus(tradeNo)).isEqualTo(1);
        await().atMost(Duration.ofSeconds(10)).until(() -> query("SELECT order_notified FROM payment WHERE trade_no = ?", tradeNo) == 1);
        assertThat(orderService.payCalls).contains(orderId);
    }

    @Test
    void twentyConcurrentDuplicateCallbacksPayOnce() throws Exception {
        long userId = uniqueId();
        long orderId = insertOrder(userId, "7.50", 0);
        String tradeNo = createPayment(orderId, userId);
        byte[] body = callbackBody(tradeNo, orderId, "7.50", Instant.now().getEpochSecond());
        String signed = signature.sign(body);
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(20);
        List<Future<Integer>> answers = new ArrayList<>();
        try {
            for (int i = 0; i < 20; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return sendCallback(body, signed).statusCode();
                }));
            }
            start.countDown();
            for (Future<Integer> answer : answers) {
                assertThat(answer.get(30, TimeUnit.SECONDS)).isEqualTo(200);
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(paymentStatus(tradeNo)).isEqualTo(1);
        assertThat(query("SELECT COUNT(*) FROM payment WHERE order_id = ?", orderId)).isEqualTo(1);
        await().atMost(Duration.ofSeconds(10)).until(() -> query("SELECT order_notified FROM payment WHERE trade_no = ?", tradeNo) == 1);
        assertThat(query("SELECT COUNT(*) FROM refund WHERE trade_no = ?", tradeNo)).isZero();
    }

    @Test
    void forgedAlteredStaleAndUnknownCallbacksAreRejectedAndChangeNothing() throws Exception {
        long userId = uniqueId();
        long orderId = insertOrder(userId, "9.99", 0);
        String tradeNo = createPayment(orderId, userId);
        long now = Instant.now().getEpochSecond();
        byte[] good = callbackBody(tradeNo, orderId, "9.99", now);

        String real = signature.sign(good);
        // one character changed, whatever it was ("00" + the rest equals the real one 1 time in 256)
        HttpResponse<String> forged = sendCallback(good, (real.charAt(0) == '0' ? "1" : "0") + real.substring(1));
        byte[] altered = callbackBody(tradeNo, orderId, "0.01", now);
        HttpResponse<String> alteredAmount = sendCallback(altered, signature.sign(altered));
        byte[] stale = callbackBody(tradeNo, orderId, "9.99", now - 3600);
        HttpResponse<String> staleTimestamp = sendCallback(stale, signature.sign(stale));
        byte[] unknown = callbackBody("T" + uniqueId(), orderId, "9.99", now);
        HttpResponse<String> unknownTrade = sendCallback(unknown, signature.sign(unknown));
        byte[] otherOrder = callbackBody(tradeNo, orderId + 1, "9.99", now);
        HttpResponse<String> wrongOrder = sendCallback(otherOrder, signature.sign(otherOrder));
        byte[] garbage = "{not json".getBytes();
        HttpResponse<String> unreadable = sendCallback(garbage, signature.sign(garbage));

        assertThat(forged.statusCode()).isEqualTo(400);
        assertThat(json.readTree(forged.body()).path("code").asText()).isEqualTo("BAD_SIGNATURE");
        assertThat(alteredAmount.statusCode()).isEqualTo(400);
        assertThat(staleTimestamp.statusCode()).isEqualTo(400);
        assertThat(json.readTree(staleTimestamp.body()).path("code").asText()).isEqualTo("BAD_SIGNATURE");
        assertThat(unknownTrade.statusCode()).isEqualTo(404);
        assertThat(wrongOrder.statusCode()).isEqualTo(400);
        assertThat(unreadable.statusCode()).isEqualTo(400);
        assertThat(paymentStatus(tradeNo)).isZero();
        assertThat(orderService.payCalls).doesNotContain(orderId);
    }

    @Test
    void signedCallbacksWithTimestampsOutsideTimeOrBrokenUtf8AreBadRequestsAndChangeNothing() throws Exception {
        long userId = uniqueId();
        long orderId = insertOrder(userId, "9.99", 0);
        String tradeNo = createPayment(orderId, userId);

        for (long timestamp : new long[] {Long.MAX_VALUE, Long.MIN_VALUE, -1, ProviderCallback.MAX_TIMESTAMP + 1}) {
            byte[] body = callbackBody(tradeNo, orderId, "9.99", timestamp);
            HttpResponse<String> answer = sendCallback(body, signature.sign(body));
            assertThat(answer.statusCode()).as("timestamp %d: %s", timestamp, answer.body()).isEqualTo(400);
            assertThat(json.readTree(answer.body()).path("code").asText()).isEqualTo("BAD_REQUEST");
        }
        byte[] good = callbackBody(tradeNo, orderId, "9.99", Instant.now().getEpochSecond());
        String text = new String(good, java.nio.charset.StandardCharsets.US_ASCII);
        int quote = text.indexOf(tradeNo) + tradeNo.length();
        byte[] overlong = new byte[good.length + 2];
        System.arraycopy(good, 0, overlong, 0, quote);
        overlong[quote] = (byte) 0xC0;
        overlong[quote + 1] = (byte) 0xAF;
        System.arraycopy(good, quote, overlong, quote + 2, good.length - quote);
        HttpResponse<String> broken = sendCallback(overlong, signature.sign(overlong));
        assertThat(broken.statusCode()).as(broken.body()).isEqualTo(400);

        assertThat(paymentStatus(tradeNo)).isZero();
        assertThat(orderService.payCalls).doesNotContain(orderId);
    }

    @Test
    void paymentReachesAnOrderServiceThatWasDownWhenTheCallbackCame() throws Exception {
        long userId = uniqueId();
        long orderId = insertOrder(userId, "3.00", 0);
        String tradeNo = createPayment(orderId, userId);
        orderService.stop();

        byte[] body = callbackBody(tradeNo, orderId, "3.00", Instant.now().getEpochSecond());
        assertThat(sendCallback(body, signature.sign(body)).statusCode()).isEqualTo(200);
        assertThat(paymentStatus(tradeNo)).isEqualTo(1);
        assertThat(query("SELECT order_notified FROM payment WHERE trade_no = ?", tradeNo)).isZero();

        orderService.start();
        await().atMost(Duration.ofSeconds(15)).until(() -> query("SELECT order_notified FROM payment WHERE trade_no = ?", tradeNo) == 1);
        assertThat(orderService.payCalls).contains(orderId);
    }

    @Test
    void paymentForAnOrderThatEndedFirstIsRefunded() throws Exception {
        long userId = uniqueId();
        long orderId = insertOrder(userId, "4.00", 0);
        String tradeNo = createPayment(orderId, userId);
        orderService.outcomes.put(orderId, "NOT_PAYABLE"); // the order closed before the money came

        byte[] body = callbackBody(tradeNo, orderId, "4.00", Instant.now().getEpochSecond());
        assertThat(sendCallback(body, signature.sign(body)).statusCode()).isEqualTo(200);

        await().atMost(Duration.ofSeconds(10)).until(() -> paymentStatus(tradeNo) == 2);
        assertThat(query("SELECT COUNT(*) FROM refund WHERE trade_no = ? AND order_id = ? AND amount = 4.00", tradeNo, orderId))
                .isEqualTo(1);
        byte[] again = callbackBody(tradeNo, orderId, "4.00", Instant.now().getEpochSecond());
        assertThat(sendCallback(again, signature.sign(again)).statusCode()).isEqualTo(200);
        assertThat(paymentStatus(tradeNo)).isEqualTo(2);
        assertThat(query("SELECT COUNT(*) FROM refund WHERE trade_no = ?", tradeNo)).isEqualTo(1);
    }

    @Test
    void aCallbackThatDidNotComeThroughTheGatewayIsRefusedAndChangesNothing() throws Exception {
        long userId = uniqueId();
        long orderId = insertOrder(userId, "6.00", 0);
        String tradeNo = createPayment(orderId, userId);
        byte[] body = callbackBody(tradeNo, orderId, "6.00", Instant.now().getEpochSecond());
        HttpRequest direct = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + PORT + "/api/payments/callback"))
                .header("Content-Type", "application/json")
                .header(CallbackSignature.HEADER, signature.sign(body))
                .header("X-User-Id", String.valueOf(userId))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body))
                .build();

        HttpResponse<String> answer = http.send(direct, HttpResponse.BodyHandlers.ofString());

        assertThat(answer.statusCode()).isEqualTo(401);
        assertThat(json.readTree(answer.body()).path("code").asText()).isEqualTo("UNAUTHENTICATED");
        assertThat(paymentStatus(tradeNo)).isZero();
        assertThat(orderService.payCalls).doesNotContain(orderId);
    }

    @Test
    void aPaymentTheOrderRefusesForItsAmountIsRefunded() throws Exception {
        long userId = uniqueId();
        long orderId = insertOrder(userId, "8.00", 0);
        String tradeNo = createPayment(orderId, userId);
        orderService.outcomes.put(orderId, "AMOUNT_MISMATCH");

        byte[] body = callbackBody(tradeNo, orderId, "8.00", Instant.now().getEpochSecond());
        assertThat(sendCallback(body, signature.sign(body)).statusCode()).isEqualTo(200);

        await().atMost(Duration.ofSeconds(10)).until(() -> paymentStatus(tradeNo) == 2);
        assertThat(query("SELECT COUNT(*) FROM refund WHERE trade_no = ?", tradeNo)).isEqualTo(1);
    }

    @Test
    void creatingAPaymentWhileOrderServiceIsDownIsBusyAndWritesNothing() throws Exception {
        long userId = uniqueId();
        long orderId = insertOrder(userId, "2.00", 0);
        orderService.stop();

        mvc.perform(post("/api/payments").with(Callers.user(userId))
                        .contentType(MediaType.APPLICATION_JSON).content("{\"orderId\":" + orderId + "}"))
                .andExpect(status().isServiceUnavailable())
                .andExpect(jsonPath("$.code").value("BUSY"));
        assertThat(query("SELECT COUNT(*) FROM payment WHERE order_id = ?", orderId)).isZero();
    }
}
