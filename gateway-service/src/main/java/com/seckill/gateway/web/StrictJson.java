package com.seckill.gateway.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.validation.WellFormedUtf8;
import java.nio.ByteBuffer;
import java.util.Map;
import org.springframework.boot.web.codec.CodecCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.ResolvableType;
import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.codec.json.Jackson2JsonDecoder;
import org.springframework.util.MimeType;

/**
 * The gateway's own JSON endpoints (sign-in, blacklist) read only well-formed UTF-8, as the services
 * do: Jackson alone would turn an overlong sequence into a character nobody validated.
 */
@Configuration(proxyBeanMethods = false)
class StrictJson {

    @Bean
    CodecCustomizer wellFormedJsonOnly(ObjectMapper json) {
        return configurer -> configurer.defaultCodecs().jackson2JsonDecoder(new Utf8JsonDecoder(json));
    }

    private static final class Utf8JsonDecoder extends Jackson2JsonDecoder {

        Utf8JsonDecoder(ObjectMapper json) {
            super(json);
        }

        @Override
        public Object decode(DataBuffer buffer, ResolvableType targetType, MimeType mimeType, Map<String, Object> hints) {
            // bounded by spring.http.codecs.max-in-memory-size (the body limit), so a copy is cheap
            ByteBuffer bytes = ByteBuffer.allocate(buffer.readableByteCount());
            buffer.toByteBuffer(buffer.readPosition(), bytes, 0, bytes.capacity());
            if (!WellFormedUtf8.check(bytes)) {
                DataBufferUtils.release(buffer);
                throw new DecodingException("JSON body is not well-formed UTF-8");
            }
            return super.decode(buffer, targetType, mimeType, hints);
        }
    }
}
