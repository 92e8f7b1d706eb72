package com.seckill.payment.callback;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.validation.WellFormedUtf8;
import com.seckill.payment.Refusals;
import jakarta.validation.Validator;
import java.io.IOException;
import org.springframework.stereotype.Component;

/** Reads a callback body whose signature matched: well-formed UTF-8 JSON with every field a callback needs. */
@Component
class CallbackParser {

    private final ObjectMapper json;
    private final Validator validator;

    CallbackParser(ObjectMapper json, Validator validator) {
        this.json = json;
        this.validator = validator;
    }

    ProviderCallback parse(byte[] body) {
        if (!WellFormedUtf8.check(body)) {
            throw new Refusals.MalformedCallback("Callback body is not well-formed UTF-8");
        }
        ProviderCallback callback;
        try {
            callback = json.readValue(body, ProviderCallback.class);
        } catch (IOException e) {
            throw new Refusals.MalformedCallback("Malformed callback body");
        }
        if (callback == null || !validator.validate(callback).isEmpty()) {
            throw new Refusals.MalformedCallback("Incomplete callback body");
        }
        return callback;
    }
}
