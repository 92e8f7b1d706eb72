package com.seckill.common.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class HeaderTextTest {

    /** Spring Security's expressions (StrictHttpFirewall, StrictServerWebExchangeFirewall) that the loop replaces. */
    private static final Pattern NAME = Pattern.compile("[\\p{IsAssigned}&&[^\\p{IsControl}]]*");
    private static final Pattern VALUE = Pattern.compile("[\\p{IsAssigned}&&[[^\\p{IsControl}]||\\t]]*");

    @Test
    void printableTextPassesControlsAndUnassignedCharactersDoNot() {
        assertThat(HeaderText.isAllowedValue("Bearer abc.def-_/+=")).isTrue();
        assertThat(HeaderText.isAllowedValue("a\tb")).as("a tab in a value").isTrue();
        assertThat(HeaderText.isAllowedName("a\tb")).as("a tab in a name").isFalse();
        assertThat(HeaderText.isAllowedValue("a\nb")).isFalse();
        assertThat(HeaderText.isAllowedValue("a\u0085b")).as("a C1 control").isFalse();
        assertThat(HeaderText.isAllowedValue("a\u0378b")).as("unassigned").isFalse();
        assertThat(HeaderText.isAllowedValue("\u79d2\u6740 \uD83D\uDE00")).as("CJK and an emoji").isTrue();
    }

    @Test
    void agreesWithTheFirewallsExpressionsOnRandomText() {
        SplittableRandom random = new SplittableRandom(46);
        for (int n = 0; n < 100_000; n++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(0, 8);
            for (int i = 0; i < length; i++) {
                int kind = random.nextInt(5);
                text.appendCodePoint(switch (kind) {
                    case 0 -> random.nextInt(0, 0xA0);
                    case 1 -> random.nextInt(0x20, 0x7F);
                    case 2 -> random.nextInt(0xA0, 0x10000);
                    case 3 -> random.nextInt(0x10000, 0x110000);
                    default -> random.nextBoolean() ? '\t' : random.nextInt(0xD800, 0xE000);
                });
            }
            String candidate = text.toString();
            assertThat(HeaderText.isAllowedName(candidate)).as("name %s", candidate).isEqualTo(NAME.matcher(candidate).matches());
            assertThat(HeaderText.isAllowedValue(candidate)).as("value %s", candidate).isEqualTo(VALUE.matcher(candidate).matches());
        }
    }
}
