package com.seckill.common.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.core.script.RedisScript;

class LuaScriptsTest {

    private static final String PROBE = "return redis.call('GET', KEYS[1])\n";

    @Test
    void aScriptIsTheFileTextRunBySha1() throws Exception {
        RedisScript<String> script = RedisScript.of(LuaScripts.text("lua/probe.lua"), String.class);

        assertThat(script.getScriptAsString()).isEqualTo(PROBE);
        assertThat(script.getSha1()).isEqualTo(sha1(PROBE));
        assertThat(script.getResultType()).isEqualTo(String.class);
    }

    @Test
    void theFileIsReadOnceNotBeforeEveryCall() throws Exception {
        Path classes = Path.of(LuaScriptsTest.class.getResource("/lua/probe.lua").toURI()).getParent();
        Path file = classes.resolve("read-once.lua");
        Files.writeString(file, PROBE);
        try {
            RedisScript<String> script = RedisScript.of(LuaScripts.text("lua/read-once.lua"), String.class);
            String sha = script.getSha1();

            Files.writeString(file, "return 42\n");
            Files.setLastModifiedTime(file, FileTime.from(Instant.now().plusSeconds(60)));

            assertThat(script.getSha1()).isEqualTo(sha);
            assertThat(script.getScriptAsString()).isEqualTo(PROBE);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    @Test
    void aMissingScriptFailsWhenLoadedNotWhenFirstRun() {
        assertThatThrownBy(() -> RedisScript.of(LuaScripts.text("lua/no-such-script.lua"), Long.class))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("lua/no-such-script.lua");
    }

    private static String sha1(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}
