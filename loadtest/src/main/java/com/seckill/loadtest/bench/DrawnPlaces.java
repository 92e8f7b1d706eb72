package com.seckill.loadtest.bench;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The waiting room's fair start as the admins audit it ({@code GET /api/admin/activities/{id}/queue/draw}):
 * the place drawn for each shopper who joined before the start, read page by page. The bench relates it
 * to the order its shoppers first asked to join in, over every early shopper, not only the few who polled
 * between the start and the sell-out.
 */
final class DrawnPlaces {

    private static final int PAGE = 10_000;
    private static final Pattern PLACE = Pattern.compile("\\{\"place\":(\\d+),\"joinNumber\":(\\d+),\"userId\":(\\d+)}");

    private DrawnPlaces() {
    }

    /** user id -> place drawn, for everyone listed in the draw of the activity. */
    static Map<Long, Long> places(LoadDriver api, String admin, long activity) throws IOException, InterruptedException {
        Map<Long, Long> places = new HashMap<>();
        long from = 1;
        while (true) {
            String page = LoadDriver.expect(api.call("GET", "/api/admin/activities/" + activity + "/queue/draw?from=" + from + "&size=" + PAGE,
                    admin, null), 200).body();
            long last = parse(page, places);
            if (last < from) {
                return places;
            }
            from = last + 1;
        }
    }

    /** Adds a page's (user id -> place) and answers its last place, 0 for an empty page. */
    static long parse(String page, Map<Long, Long> into) {
        long last = 0;
        for (Matcher m = PLACE.matcher(page); m.find(); ) {
            long place = Long.parseLong(m.group(1));
            into.put(Long.parseLong(m.group(3)), place);
            last = Math.max(last, place);
        }
        return last;
    }

    /** The pairs (the moment the shopper first asked to join, place drawn) of the early shoppers the draw lists. */
    static List<long[]> joinOrderAgainstPlace(Map<Long, Long> joinedAtNanos, Map<Long, Long> drawn) {
        List<long[]> pairs = new ArrayList<>();
        joinedAtNanos.forEach((user, at) -> {
            Long place = drawn.get(user);
            if (place != null) {
                pairs.add(new long[] {at, place});
            }
        });
        return pairs;
    }

    /** How many of the places told to shoppers (user id -> place) the draw confirms. */
    static long confirmed(Map<Long, Long> told, Map<Long, Long> drawn) {
        return told.entrySet().stream().filter(e -> e.getValue().equals(drawn.get(e.getKey()))).count();
    }
}
