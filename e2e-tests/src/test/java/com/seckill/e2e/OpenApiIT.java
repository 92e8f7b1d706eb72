package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The API description (contract §4) as a client developer meets it, through the gateway: one OpenAPI
 * document per public service, every operation summarised with the problem codes it can answer, no
 * internal endpoint, a bearer scheme, and the Swagger UI listing them all.
 */
class OpenApiIT {

    private static final List<String> SERVICES = List.of("seckill-service", "order-service", "payment-service");
    private static final SeckillSystem system = new SeckillSystem();

    @AfterAll
    static void close() {
        system.close();
    }

    private static JsonNode document(String service) {
        SeckillSystem.Response answer = system.call("GET", "/v3/api-docs/" + service, null, null);
        assertThat(answer.status()).as("/v3/api-docs/%s: %s", service, answer.raw()).isEqualTo(200);
        return answer.body();
    }

    /** "METHOD path" of every operation, with its node. */
    private static Map<String, JsonNode> operations(JsonNode document) {
        Map<String, JsonNode> operations = new LinkedHashMap<>();
        document.path("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(
                operation -> operations.put(operation.getKey().toUpperCase() + " " + path.getKey(), operation.getValue())));
        return operations;
    }

    @Test
    void eachPublicServiceIsDescribedThroughTheGatewayWithoutItsInternalEndpoints() {
        for (String service : List.of("seckill-service", "order-service", "payment-service", "gateway-service")) {
            JsonNode document = document(service);
            assertThat(document.path("openapi").asText()).as(service).startsWith("3.");
            assertThat(document.path("components").path("securitySchemes").path("bearer").path("scheme").asText())
                    .as("%s: Authorize takes the bearer token", service).isEqualTo("bearer");
            Map<String, JsonNode> operations = operations(document);
            assertThat(operations).as(service).isNotEmpty();
            List<String> unsummarised = new ArrayList<>();
            operations.forEach((name, operation) -> {
                assertThat(name).as("%s: only public paths", service).contains(" /api/").doesNotContain("/internal");
                if (operation.path("summary").asText().isBlank()) {
                    unsummarised.add(name);
                }
            });
            assertThat(unsummarised).as("%s operations without a summary", service).isEmpty();
        }
    }

    @Test
    void thePurchaseAndPaymentOperationsNameTheProblemsTheyAnswer() {
        JsonNode purchase = operations(document("seckill-service")).get("POST /api/seckill/{activityId}/{path}");
        assertThat(purchase).as("the purchase operation").isNotNull();
        Set<String> statuses = new HashSet<>();
        purchase.path("responses").fieldNames().forEachRemaining(statuses::add);
        assertThat(statuses).contains("202", "401", "403", "409", "410", "429", "503");
        JsonNode soldOut = purchase.path("responses").path("410");
        assertThat(soldOut.path("description").asText()).contains("SOLD_OUT");
        assertThat(soldOut.path("content").has("application/problem+json")).isTrue();

        JsonNode pay = operations(document("payment-service")).get("POST /api/payments");
        assertThat(pay).as("the payment operation").isNotNull();
        assertThat(pay.path("responses").has("409")).isTrue();
        assertThat(pay.path("requestBody").path("content").has("application/json")).isTrue();

        assertThat(operations(document("order-service"))).containsKeys("GET /api/orders", "POST /api/orders/{orderId}/cancel",
                "GET /api/admin/orders/{orderId}");
        // the gateway routes a refund to payment-service, which owns refunds: its document describes it
        JsonNode refund = operations(document("payment-service")).get("POST /api/orders/{orderId}/refund");
        assertThat(refund).as("the refund operation").isNotNull();
        Set<String> refundStatuses = new HashSet<>();
        refund.path("responses").fieldNames().forEachRemaining(refundStatuses::add);
        assertThat(refundStatuses).contains("202", "400", "401", "404", "409", "503");
    }

    @Test
    void theSwaggerUiOnTheGatewayListsEveryDocumentAndEachOneLoads() {
        SeckillSystem.Response page = system.call("GET", "/swagger-ui.html", null, null);
        assertThat(page.status()).isEqualTo(302);
        String location = page.headers().firstValue("Location").orElseThrow();
        assertThat(location).endsWith("/swagger-ui/index.html");
        assertThat(system.call("GET", "/swagger-ui/index.html", null, null).raw()).contains("swagger-ui");

        SeckillSystem.Response config = system.call("GET", "/v3/api-docs/gateway-service/swagger-config", null, null);
        assertThat(config.status()).isEqualTo(200);
        Set<String> listed = new HashSet<>();
        for (JsonNode url : config.body().path("urls")) {
            listed.add(url.path("name").asText());
            assertThat(system.call("GET", url.path("url").asText(), null, null).status()).as(url.toString()).isEqualTo(200);
        }
        assertThat(listed).containsAll(SERVICES);
    }

    @Test
    void anUnknownServiceHasNoDocument() {
        SeckillSystem.Response answer = system.call("GET", "/v3/api-docs/no-such-service", null, null);

        assertThat(answer.status()).isEqualTo(404);
        assertThat(answer.body().path("code").asText()).isEqualTo("NOT_FOUND");
    }
}
