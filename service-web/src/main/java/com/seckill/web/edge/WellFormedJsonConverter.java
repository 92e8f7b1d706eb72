package com.seckill.web.edge;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.validation.WellFormedUtf8;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.http.converter.json.MappingJackson2HttpMessageConverter;

/**
 * Jackson reads an overlong UTF-8 sequence ({@code C0 AF}) as the character it spells ('/') without a
 * word: a body is checked to be well-formed UTF-8 before it is parsed ({@link WellFormedUtf8}). Bodies
 * reach an inner service through the gateway, which bounds their size.
 */
final class WellFormedJsonConverter extends MappingJackson2HttpMessageConverter {

    WellFormedJsonConverter(ObjectMapper json) {
        super(json);
    }

    @Override
    public Object read(Type type, Class<?> contextClass, HttpInputMessage input) throws IOException {
        return super.read(type, contextClass, checked(input));
    }

    @Override
    protected Object readInternal(Class<?> clazz, HttpInputMessage input) throws IOException {
        return super.readInternal(clazz, checked(input));
    }

    private static HttpInputMessage checked(HttpInputMessage input) throws IOException {
        byte[] body = input.getBody().readAllBytes();
        if (!WellFormedUtf8.check(body)) {
            throw new HttpMessageNotReadableException("JSON body is not well-formed UTF-8", input);
        }
        return new HttpInputMessage() {
            @Override
            public InputStream getBody() {
                return new ByteArrayInputStream(body);
            }

            @Override
            public HttpHeaders getHeaders() {
                return input.getHeaders();
            }
        };
    }
}
