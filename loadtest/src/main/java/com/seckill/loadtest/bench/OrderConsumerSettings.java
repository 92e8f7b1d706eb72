package com.seckill.loadtest.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The order consumer's settings as the running order-service reports them in {@code /actuator/info}
 * ("orderConsumer"): what a run is reported with is what it ran with, whatever set it (defaults, the
 * environment, a profile). "?" for what could not be asked.
 */
record OrderConsumerSettings(String concurrency, String prefetch, String batchSize, String batchWait) {

    static final URI INFO = URI.create("http://127.0.0.1:8082/actuator/info");
    private static final OrderConsumerSettings UNKNOWN = new OrderConsumerSettings("?", "?", "?", "?");

    /** Asks the order-service of this machine's bench; unknown settings when it does not answer. */
    static OrderConsumerSettings ask() {
        try {
            HttpResponse<String> info = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build()
                    .send(HttpRequest.newBuilder(INFO).timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
            return info.statusCode() == 200 ? of(info.body()) : UNKNOWN;
        } catch (IOException e) {
            return UNKNOWN;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return UNKNOWN;
        }
    }

    /** The settings in an {@code /actuator/info} answer. */
    static OrderConsumerSettings of(String info) {
        try {
            JsonNode consumer = new ObjectMapper().readTree(info).path("orderConsumer");
            return new OrderConsumerSettings(text(consumer, "concurrency"), text(consumer, "prefetch"), text(consumer, "batchSize"),
                    text(consumer, "batchWait"));
        } catch (IOException e) {
            return UNKNOWN;
        }
    }

    private static String text(JsonNode consumer, String field) {
        JsonNode value = consumer.get(field);
        return value == null || value.isNull() ? "?" : value.asText();
    }

    /** As the bench's report shows them. */
    String describe() {
        return "concurrency " + concurrency + ", prefetch " + prefetch + ", batch size " + batchSize + ", batch wait " + batchWait;
    }
}
