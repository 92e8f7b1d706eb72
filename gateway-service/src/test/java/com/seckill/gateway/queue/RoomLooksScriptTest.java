package com.seckill.gateway.queue;

import static org.assertj.core.api.Assertions.assertThat;

import com.seckill.common.redis.LuaScripts;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The gateway reads seckill-service's waiting-room keys (the one exception to one owner per key,
 * ArchitectureRules.READ_ONLY_LOOKS) and must never write them: its script calls read commands only.
 */
class RoomLooksScriptTest {

    private static final Pattern CALL = Pattern.compile("redis\\.call\\(\\s*'([A-Za-z]+)'");

    @Test
    void theLookAtAWaitingRoomOnlyReads() {
        Set<String> commands = new TreeSet<>();
        for (Matcher m = CALL.matcher(LuaScripts.text("lua/queue-look.lua")); m.find(); ) {
            commands.add(m.group(1).toUpperCase(java.util.Locale.ROOT));
        }
        assertThat(commands).isNotEmpty().isSubsetOf("HEXISTS", "HMGET", "GET");
    }

    @Test
    void figuresAreParsedFromTheScriptsAnswer() {
        RoomFigures before = RoomFigures.parse("180,0,00ff,42,,0,400", 7);
        assertThat(before).isEqualTo(new RoomFigures(180, false, "00ff", 42, null, 0, 400L, 7));
        assertThat(RoomFigures.parse("180,1,00ff,42,40,12,", 9)).isEqualTo(new RoomFigures(180, true, "00ff", 42, 40L, 12, null, 9));
        assertThat(RoomFigures.parse("", 9)).isNull();
    }
}
