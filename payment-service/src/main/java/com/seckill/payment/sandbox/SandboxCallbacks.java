package com.seckill.payment.sandbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.payment.PaymentProperties;
import com.seckill.payment.callback.CallbackSignature;
import com.seckill.payment.callback.ProviderCallback;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestClient;

/** How the sandbox provider calls us back: the callback signed, posted to the public callback URL as a real provider would. */
@Component
@ConditionalOnProperty(name = "seckill.payment.sandbox.enabled", havingValue = "true")
class SandboxCallbacks {

    private final CallbackSignature signature;
    private final PaymentProperties properties;
    private final ObjectMapper json;
    private final RestClient http = RestClient.create();

    SandboxCallbacks(CallbackSignature signature, PaymentProperties properties, ObjectMapper json) {
        this.signature = signature;
        this.properties = properties;
        this.json = json;
    }

    /** Sends {@code callback}; answers the HTTP status it got. */
    int send(ProviderCallback callback) {
        byte[] body;
        try {
            body = json.writeValueAsBytes(callback);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A callback that cannot be written", e);
        }
        return http.post().uri(properties.sandbox().callbackUrl())
                .contentType(MediaType.APPLICATION_JSON)
                .header(CallbackSignature.HEADER, signature.sign(body))
                .body(body)
                .exchange((request, response) -> response.getStatusCode().value());
    }
}
