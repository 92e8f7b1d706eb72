package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.seckill.common.redis.SeckillKeys;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * contract §9 on the running system: a request that reaches an inner service around the gateway acts
 * for nobody, whatever identity headers or tokens it carries, and changes nothing; the same request
 * through the gateway, by the right user, works.
 */
class TrustIT {

    private static final int SECKILL = 8081;
    private static final int ORDER = 8082;
    private static final int PAYMENT = 8083;
    private static final SeckillSystem system = new SeckillSystem();

    @AfterAll
    static void close() {
        system.close();
    }

    /** A pending order of {@code token}'s user, bought through the gateway. */
    private static long pendingOrder(long activityId, String token) {
        SeckillSystem.Response path = system.call("POST", "/api/seckill/" + activityId + "/token", token, null);
        SeckillSystem.Response accepted = system.call("POST", "/api/seckill/" + activityId + "/" + path.body().get("path").asText(),
                token, null);
        assertThat(accepted.status()).as(accepted.raw()).isEqualTo(202);
        String requestId = accepted.body().get("requestId").asText();
        JsonNode result = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200))
                .until(() -> system.call("GET", "/api/seckill/result/" + requestId, token, null).body(),
                        body -> "SUCCESS".equals(body.path("status").asText()));
        return result.get("orderId").asLong();
    }

    private static void assertRefused(SeckillSystem.Response answer) {
        assertThat(answer.status()).as(answer.raw()).isIn(401, 403);
        assertThat(answer.body().path("code").asText()).as(answer.raw()).isIn("UNAUTHENTICATED", "FORBIDDEN");
        assertThat(answer.raw()).doesNotContain("Exception", "at com.", "at org.");
    }

    private static long orderStatus(long orderId) {
        return system.queryLong("SELECT status FROM seckill_order WHERE id = ?", orderId);
    }

    @Test
    void whatTomcatRefusesItselfIsAProblemTooAndAPathThatNormalisesElsewhereIsRefused() {
        for (int port : new int[] {SECKILL, ORDER, PAYMENT}) {
            for (String path : new String[] {"/api/orders/%ff", "/api/activities/1%00", "/actuator/../internal/consumer",
                    "/actuator/..%2finternal/consumer", "/api/%61dmin/activities"}) {
                SeckillSystem.Response answer = system.callDirect(port, "GET", path, Map.of(), null);
                assertThat(answer.status()).as(":%d%s %s", port, path, answer.raw()).isEqualTo(400);
                assertThat(answer.headers().firstValue("Content-Type")).as(":%d%s", port, path)
                        .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
                assertThat(answer.body().path("code").asText()).isEqualTo("BAD_REQUEST");
            }
        }
    }

    @Test
    void nothingSentAroundTheGatewayActsForAUserAnAdminOrAService() {
        long activityId = system.createActivity(5);
        long owner = SeckillSystem.uniqueId();
        String ownerToken = system.token(owner, false);
        long orderId = pendingOrder(activityId, ownerToken);
        long activities = system.queryLong("SELECT COUNT(*) FROM seckill_activity");
        Map<String, String> forgedUser = Map.of("X-User-Id", String.valueOf(owner));
        Map<String, String> forgedAdmin = Map.of("X-User-Id", "1", "X-User-Roles", "ADMIN");
        Map<String, String> shoppersOwnToken = Map.of("Authorization", "Bearer " + ownerToken, "X-User-Id", String.valueOf(owner));

        for (Map<String, String> headers : List.of(Map.<String, String>of(), forgedUser, forgedAdmin, shoppersOwnToken)) {
            assertRefused(system.callDirect(ORDER, "POST", "/internal/orders/" + orderId + "/pay", headers, "{\"amount\":1.99}"));
            assertRefused(system.callDirect(ORDER, "GET", "/internal/orders/" + orderId, headers, null));
            assertRefused(system.callDirect(ORDER, "POST", "/api/orders/" + orderId + "/cancel", headers, null));
            assertRefused(system.callDirect(ORDER, "GET", "/api/orders/" + orderId, headers, null));
            assertRefused(system.callDirect(PAYMENT, "POST", "/api/payments", headers, "{\"orderId\":" + orderId + "}"));
            assertRefused(system.callDirect(SECKILL, "POST", "/api/seckill/" + activityId + "/anyPath", headers, null));
            assertRefused(system.callDirect(SECKILL, "POST", "/api/admin/activities", headers, """
                    {"goodsId":1,"goodsName":"x","price":1.00,"stock":1,"startTime":"%s","endTime":"%s"}
                    """.formatted(Instant.now(), Instant.now().plusSeconds(60))));
            assertRefused(system.callDirect(SECKILL, "POST", "/api/admin/activities/" + activityId + "/warmup", headers, null));
        }

        assertThat(orderStatus(orderId)).as("still pending").isZero();
        assertThat(system.queryLong("SELECT COUNT(*) FROM payment WHERE order_id = ?", orderId)).as("no payment row").isZero();
        assertThat(system.queryLong("SELECT COUNT(*) FROM seckill_activity")).isEqualTo(activities);
        assertThat(system.redis.scard(SeckillKeys.users(activityId))).as("nobody else bought").isEqualTo(1);

        // the same, through the gateway, by the owner
        SeckillSystem.Response payment = system.call("POST", "/api/payments", ownerToken, "{\"orderId\":" + orderId + "}");
        assertThat(payment.status()).as(payment.raw()).isEqualTo(201);
        String tradeNo = payment.body().get("tradeNo").asText();
        assertThat(system.call("POST", "/api/payments/" + tradeNo + "/simulate", ownerToken, null).status()).isEqualTo(200);
        await().atMost(Duration.ofSeconds(20)).until(() -> orderStatus(orderId) == 1);
    }

    /**
     * Every operation of the three inner services (their controllers' mappings, public and internal),
     * sent straight to its port: each is refused, with no credential, with forged identity headers, and
     * with the shopper's own token (which only the gateway reads).
     */
    @Test
    void everyOperationOfEveryInnerServiceRefusesWhatDidNotComeThroughTheGateway() {
        long activityId = system.createActivity(1);
        long user = SeckillSystem.uniqueId();
        String a = "/" + activityId;
        List<Object[]> operations = List.of(
                new Object[] {SECKILL, "GET", "/api/activities"},
                new Object[] {SECKILL, "GET", "/api/activities" + a},
                new Object[] {SECKILL, "POST", "/api/admin/activities"},
                new Object[] {SECKILL, "POST", "/api/admin/activities" + a + "/warmup"},
                new Object[] {SECKILL, "GET", "/api/admin/activities" + a + "/stats"},
                new Object[] {SECKILL, "POST", "/api/admin/activities" + a + "/reconcile"},
                new Object[] {SECKILL, "POST", "/api/seckill" + a + "/token"},
                new Object[] {SECKILL, "POST", "/api/seckill" + a + "/anyPath"},
                new Object[] {SECKILL, "GET", "/api/seckill/result/r-1"},
                new Object[] {SECKILL, "GET", "/api/seckill/result/r-1/events"},
                new Object[] {SECKILL, "GET", "/api/seckill" + a + "/captcha"},
                new Object[] {ORDER, "GET", "/api/orders"},
                new Object[] {ORDER, "GET", "/api/orders/1"},
                new Object[] {ORDER, "POST", "/api/orders/1/cancel"},
                new Object[] {ORDER, "POST", "/internal/orders/1/pay"},
                new Object[] {ORDER, "GET", "/internal/orders/1"},
                new Object[] {ORDER, "GET", "/internal/activities" + a + "/holders"},
                new Object[] {ORDER, "GET", "/internal/activities" + a + "/orders"},
                new Object[] {ORDER, "GET", "/internal/requests/r-1"},
                new Object[] {ORDER, "GET", "/internal/consumer"},
                new Object[] {PAYMENT, "POST", "/api/payments"},
                new Object[] {PAYMENT, "POST", "/api/payments/T1/simulate"},
                new Object[] {PAYMENT, "POST", "/api/payments/callback"});
        List<Map<String, String>> identities = List.of(Map.of(), Map.of("X-User-Id", String.valueOf(user)),
                Map.of("X-User-Id", "1", "X-User-Roles", "ADMIN"),
                Map.of("Authorization", "Bearer " + system.token(user, true), "X-User-Id", String.valueOf(user)));
        for (Object[] operation : operations) {
            String method = (String) operation[1];
            for (Map<String, String> headers : identities) {
                SeckillSystem.Response answer = system.callDirect((int) operation[0], method, (String) operation[2], headers,
                        method.equals("POST") ? "{}" : null);
                assertThat(answer.status()).as("%s %s on :%d: %s", method, operation[2], operation[0], answer.raw()).isIn(401, 403);
                assertRefused(answer);
            }
        }
        assertThat(system.redis.scard(SeckillKeys.users(activityId))).as("nobody bought").isZero();
    }

    @Test
    void aPaymentCallbackCountsOnlyWhenItCameThroughTheGateway() {
        SeckillSystem.Response direct = system.callDirect(PAYMENT, "POST", "/api/payments/callback",
                Map.of("X-Signature", "00"), "{\"tradeNo\":\"T1\",\"orderId\":1,\"amount\":1.00,\"status\":\"SUCCESS\",\"timestamp\":1}");
        assertRefused(direct);
    }

    /**
     * The local profile's gateway hands out ADMIN tokens to whoever asks (the demo sign-in) and takes tokens signed
     * with the secret in the repository: like the inner services, it listens on this machine only (it listened on
     * every interface: anyone who reached a developer's machine was an administrator). Compose listens everywhere.
     */
    @Test
    void everyServiceOfTheLocalProfileListensOnThisMachineOnly() {
        Optional<InetAddress> external = externalAddress();
        if (external.isEmpty()) {
            System.out.println("TRUST: this machine has no address besides loopback; only the loopback checks ran");
        }
        external.ifPresent(address -> {
            for (int port : List.of(SECKILL, ORDER, PAYMENT, 8080)) {
                assertThat(accepts(address, port)).as("%s:%d", address.getHostAddress(), port).isFalse();
            }
        });
        for (int port : List.of(SECKILL, ORDER, PAYMENT, 8080)) {
            assertThat(accepts(InetAddress.getLoopbackAddress(), port)).isTrue();
        }
    }

    private static Optional<InetAddress> externalAddress() {
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (nic.isUp() && !nic.isLoopback()) {
                    for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                        if (address instanceof Inet4Address) {
                            return Optional.of(address);
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return Optional.empty();
    }

    private static boolean accepts(InetAddress address, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(address, port), 1_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
