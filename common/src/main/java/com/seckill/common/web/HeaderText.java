package com.seckill.common.web;

/**
 * What a header's name and value may hold: assigned characters and no control characters (a value may hold a
 * tab), as Spring Security's strict firewalls allow by default, checked by a loop instead of their regular
 * expressions ({@code [\p{IsAssigned}&&[^\p{IsControl}]]*}). Every header of every request passes here, at the
 * gateway and again at the inner service; the expressions were 3 % of seckill-service's CPU under a purchase
 * crowd (docs/PERFORMANCE.md).
 */
public final class HeaderText {

    private HeaderText() {
    }

    public static boolean isAllowedName(String name) {
        return printable(name, false);
    }

    public static boolean isAllowedValue(String value) {
        return printable(value, true);
    }

    private static boolean printable(String text, boolean tab) {
        if (text == null) {
            return true;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= 0x20 && c < 0x7F) {
                continue;
            }
            int point = text.codePointAt(i);
            if (Character.isSupplementaryCodePoint(point)) {
                i++;
            }
            if (!(tab && c == '\t') && (Character.isISOControl(point) || Character.getType(point) == Character.UNASSIGNED)) {
                return false;
            }
        }
        return true;
    }
}
