package com.seckill.common.redis;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The services' Lua scripts ({@code src/main/resources/lua/}), read once:
 * {@code RedisScript.of(LuaScripts.text("lua/x.lua"), Long.class)}. A script built with
 * {@code RedisScript.of(Resource)} asks the file for its modification time before every call, so
 * that an edited file is reloaded; inside a jar that costs more CPU than the Redis call itself,
 * on every purchase. Read here once, a script runs by its SHA-1 for the life of the process, and
 * a missing file fails start-up instead of the first request.
 */
public final class LuaScripts {

    private LuaScripts() {
    }

    /** The script's text from the class path; fails when it is missing. */
    public static String text(String location) {
        try (InputStream in = LuaScripts.class.getClassLoader().getResourceAsStream(location)) {
            if (in == null) {
                throw new UncheckedIOException("Lua script " + location + " is not on the class path",
                        new FileNotFoundException(location));
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Lua script " + location + " cannot be read", e);
        }
    }
}
