package com.seckill.loadtest.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RedisCommandsTest {

    private static final Map<String, String> SCRIPTS = Map.of("2f7e2cc1d0a3bb2c8a0b07b68d6b4f1b1e5a7c3d", "purchase.lua");

    @Test
    void aCommandIsCountedUnderItsNameAndItsFirstKeyWithIdsWrittenN() {
        assertThat(RedisCommands.name("+1764790000.123456 [2 127.0.0.1:40122] \"SET\" \"seckill:{42}:path:7000001\" \"p\" \"EX\" \"60\"",
                SCRIPTS)).isEqualTo("SET seckill:{N}:path:N");
        assertThat(RedisCommands.name("+1764790000.123456 [2 127.0.0.1:40122] \"set\" "
                + "\"seckill:result:3f2c1a9e-1b2c-4d5e-8f90-123456701234\" \"{}\"", SCRIPTS)).isEqualTo("SET seckill:result:N");
        assertThat(RedisCommands.name("+1764790000.123456 [0 unix:/run/redis.sock] \"PING\"", SCRIPTS)).isEqualTo("PING");
    }

    @Test
    void aScriptIsCountedUnderItsFileName() {
        assertThat(RedisCommands.name("+1764790000.1 [2 127.0.0.1:1] \"EVALSHA\" \"2f7e2cc1d0a3bb2c8a0b07b68d6b4f1b1e5a7c3d\" \"7\" "
                + "\"seckill:{42}:stock\"", SCRIPTS)).isEqualTo("EVALSHA purchase.lua");
        assertThat(RedisCommands.name("+1764790000.1 [2 127.0.0.1:1] \"evalsha\" \"00\" \"0\"", SCRIPTS))
                .isEqualTo("EVALSHA (unknown script)");
        assertThat(RedisCommands.name("+OK", SCRIPTS)).isNull();
    }

    @Test
    void theCommandsAScriptRunsInsideRedisAreNotRoundTrips() {
        // MONITOR shows them after the EVALSHA, with "lua" where the client's address would be
        assertThat(RedisCommands.name("+1764790000.2 [2 lua] \"DECR\" \"seckill:{42}:stock\"", SCRIPTS)).isNull();
        assertThat(RedisCommands.name("+1764790000.2 [0 lua] \"lastsave\"", SCRIPTS)).isNull();
        assertThat(RedisCommands.name("+1764790000.2 [2 127.0.0.1:40122] \"DECR\" \"seckill:{42}:stock\"", SCRIPTS))
                .isEqualTo("DECR seckill:{N}:stock");
    }

    @Test
    void scriptsAreFoundInEveryModulesLuaFolderByTheirSha1(@TempDir Path root) throws Exception {
        Path lua = Files.createDirectories(root.resolve("seckill-service/src/main/resources/lua"));
        Files.writeString(lua.resolve("purchase.lua"), "return 1");

        // sha1("return 1")
        assertThat(RedisCommands.scripts(root)).containsEntry("e0e1f9fabfc9d4800c877a703b823ac0578ff8db", "purchase.lua");
    }

    @Test
    void thePurchasePathIsWhatTheCrowdSentLessTheBackgroundOverAsLongAQuietTime() {
        RedisPerAttempt redis = RedisPerAttempt.of(
                Map.of("EVALSHA purchase.lua", 1_000L, "SET seckill:{N}:path:N", 1_000L, "EVALSHA rate_share.lua", 240L,
                        "EVALSHA settle.lua", 100L, "SET seckill:result:N", 1_000L, "PING", 40L),
                20, Map.of("EVALSHA rate_share.lua", 20L, "PING", 20L), 10, 1_000);

        assertThat(redis.perAttempt()).containsEntry("EVALSHA purchase.lua", 1.0).containsEntry("EVALSHA rate_share.lua", 0.2)
                .doesNotContainKey("PING");
        assertThat(redis.purchasePath()).isEqualTo(2.2, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(redis.orderPath()).isEqualTo(1.1, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(redis.table()).contains("| **purchase path** (gateway and seckill-service) | **2.20** | target <= 3 (met) |");
    }
}
