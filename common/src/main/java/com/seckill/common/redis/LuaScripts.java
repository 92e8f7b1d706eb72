package com.seckill.common.redis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.springframework.core.io.ClassPathResource;
import org.springframework.data.redis.core.script.RedisScript;

/**
 * The services' Lua scripts ({@code src/main/resources/lua/}), read once. A script built with
 * {@code RedisScript.of(Resource)} asks the file for its modification time before every call, so
 * that an edited file is reloaded; inside a jar that costs more CPU than the Redis call itself,
 * on every purchase. Read here once, a script runs by its SHA-1 for the life of the process, and
 * a missing file fails start-up instead of the first request.
 */
public final class LuaScripts {

    private LuaScripts() {
    }

    public static <T> RedisScript<T> load(String location, Class<T> resultType) {
        try {
            return RedisScript.of(new ClassPathResource(location).getContentAsString(StandardCharsets.UTF_8), resultType);
        } catch (IOException e) {
            throw new UncheckedIOException("Lua script " + location + " cannot be read", e);
        }
    }
}
