package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.seckill.common.redis.SeckillKeys;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * contract §9 as an attacker tries it (issue 21): every admin and purchase route spelt every other
 * way (escapes of single letters, whole segments and slashes, upper and mixed case, dot segments, empty
 * segments, matrix parameters, backslashes), sent byte for byte as an anonymous caller, a shopper and a
 * blacklisted shopper. None may be served: each is 400, 401, 403, 404 or 405, and afterwards the
 * blacklist, the activities and the captcha sale are as they were. The canonical spellings are sent too,
 * as controls, so the suite would notice a route that no longer exists.
 */
class AttackSuiteIT {

    private static final Set<Integer> REFUSED = Set.of(400, 401, 403, 404, 405);
    private static final SeckillSystem system = new SeckillSystem();
    private static String admin;
    private static long activityId;
    private static long captchaActivityId;
    private static long blockedUser;
    private static String blockedToken;
    private static long entryId;

    @BeforeAll
    static void sale() {
        admin = system.token(SeckillSystem.uniqueId(), true);
        activityId = system.createActivity(5);
        captchaActivityId = system.createActivity(5, true);
        blockedUser = SeckillSystem.uniqueId();
        blockedToken = system.token(blockedUser, false);
        SeckillSystem.Response blocked = system.call("POST", "/api/admin/blacklist", admin,
                "{\"userId\":" + blockedUser + ",\"reason\":\"attack suite\"}");
        assertThat(blocked.status()).as(blocked.raw()).isEqualTo(201);
        entryId = blocked.body().get("id").asLong();
    }

    @AfterAll
    static void close() {
        system.call("DELETE", "/api/admin/blacklist/" + entryId, admin, null);
        system.close();
    }

    record Route(String method, String path, String body) {
    }

    private static List<Route> adminRoutes() {
        String newEntry = "{\"userId\":" + SeckillSystem.uniqueId() + ",\"reason\":\"planted\"}";
        String newActivity = """
                {"goodsId":1,"goodsName":"planted","price":1.00,"stock":1,"startTime":"%s","endTime":"%s","captchaRequired":false}
                """.formatted(java.time.Instant.now().plusSeconds(3600), java.time.Instant.now().plusSeconds(7200));
        return List.of(
                new Route("GET", "/api/admin/blacklist", null),
                new Route("POST", "/api/admin/blacklist", newEntry),
                new Route("DELETE", "/api/admin/blacklist/" + entryId, null),
                new Route("POST", "/api/admin/activities", newActivity),
                new Route("POST", "/api/admin/activities/" + activityId + "/warmup", null),
                new Route("GET", "/api/admin/activities/" + activityId + "/stats", null),
                new Route("POST", "/api/admin/activities/" + activityId + "/reconcile", null));
    }

    private static List<Route> purchaseRoutes() {
        return List.of(
                new Route("POST", "/api/seckill/" + captchaActivityId + "/nopath", null),
                new Route("POST", "/api/seckill/" + captchaActivityId + "/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", null),
                new Route("POST", "/api/seckill/" + captchaActivityId + "/token", null));
    }

    /** Every way to write {@code path} that a lenient server would route as {@code path}, and a few it would not. */
    static Set<String> spellings(String path) {
        String[] segments = path.substring(1).split("/");
        Set<String> out = new LinkedHashSet<>();
        for (int i = 0; i < segments.length; i++) {
            String segment = segments[i];
            out.add(replace(segments, i, "%" + hex(segment.charAt(0), false) + segment.substring(1)));
            out.add(replace(segments, i, "%" + hex(segment.charAt(0), true) + segment.substring(1)));
            out.add(replace(segments, i, encodeAll(segment)));
            out.add(replace(segments, i, segment.toUpperCase(Locale.ROOT)));
            out.add(replace(segments, i, Character.toUpperCase(segment.charAt(0)) + segment.substring(1)));
            out.add(replace(segments, i, segment + ";x=1"));
            out.add(replace(segments, i, "." + "/" + segment));
            out.add(replace(segments, i, "x/../" + segment));
            out.add(replace(segments, i, "%2e%2e/" + segment));
            out.add(replace(segments, i, "/" + segment));
            if (i > 0) {
                out.add(join(segments, i, "%2f"));
                out.add(join(segments, i, "%2F"));
                out.add(join(segments, i, "\\"));
                out.add(join(segments, i, "%5c"));
            }
        }
        out.add(path + "/");
        out.add(path + "/.");
        out.add(path + "/x/..");
        out.add(path + "%00");
        out.add(path + "%20");
        out.remove(path);
        return out;
    }

    private static String replace(String[] segments, int index, String replacement) {
        String[] copy = segments.clone();
        copy[index] = replacement;
        return "/" + String.join("/", copy);
    }

    /** Segments {@code index - 1} and {@code index} joined by {@code separator} instead of a slash. */
    private static String join(String[] segments, int index, String separator) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < segments.length; i++) {
            out.append(i == index ? separator : "/").append(segments[i]);
        }
        return out.toString();
    }

    private static String hex(char c, boolean upper) {
        String hex = String.format("%02x", (int) c);
        return upper ? hex.toUpperCase(Locale.ROOT) : hex;
    }

    private static String encodeAll(String segment) {
        StringBuilder out = new StringBuilder();
        for (char c : segment.toCharArray()) {
            out.append('%').append(hex(c, false));
        }
        return out.toString();
    }

    private record Caller(String name, String token) {
    }

    private static List<Caller> callers() {
        return List.of(new Caller("anonymous", null), new Caller("shopper", null), new Caller("blacklisted", blockedToken));
    }

    /** A fresh shopper per request, so the per-user limit never answers in place of the rule under test. */
    private static String tokenOf(Caller caller) {
        return caller.name().equals("shopper") ? system.token(SeckillSystem.uniqueId(), false) : caller.token();
    }

    @Test
    void noSpellingOfAnAdminRouteIsServedToAnyoneButTheCanonicalOneToAnAdmin() {
        long entries = system.queryLong("SELECT COUNT(*) FROM blacklist");
        long activities = system.queryLong("SELECT COUNT(*) FROM seckill_activity");
        Map<String, Integer> served = new TreeMap<>();
        int sent = 0;
        for (Route route : adminRoutes()) {
            for (Caller caller : callers()) {
                SeckillSystem.Response canonical = system.raw(route.method(), route.path(), tokenOf(caller), route.body());
                assertThat(canonical.status()).as("%s %s as %s", route.method(), route.path(), caller.name())
                        .isIn(caller.token() == null && caller.name().equals("anonymous") ? Set.of(401) : Set.of(403));
                for (String spelling : spellings(route.path())) {
                    SeckillSystem.Response answer = system.raw(route.method(), spelling, tokenOf(caller), route.body());
                    sent++;
                    if (!REFUSED.contains(answer.status())) {
                        served.put(route.method() + " " + spelling + " as " + caller.name(), answer.status());
                    }
                }
            }
        }

        assertThat(served).as("spellings served, of %d sent", sent).isEmpty();
        assertThat(system.queryLong("SELECT COUNT(*) FROM blacklist")).isEqualTo(entries);
        assertThat(system.queryLong("SELECT COUNT(*) FROM blacklist WHERE id = ?", entryId)).isEqualTo(1);
        assertThat(system.queryLong("SELECT COUNT(*) FROM seckill_activity")).isEqualTo(activities);
        // the control: an admin is served on the canonical path
        assertThat(system.call("GET", "/api/admin/blacklist", admin, null).status()).isEqualTo(200);
    }

    @Test
    void noSpellingBuysOnACaptchaSaleWithoutAPathAndItsCaptcha() {
        Map<String, Integer> accepted = new TreeMap<>();
        List<String> answers = new ArrayList<>();
        for (Route route : purchaseRoutes()) {
            for (Caller caller : callers()) {
                Set<String> paths = new LinkedHashSet<>(spellings(route.path()));
                paths.add(route.path());
                for (String spelling : paths) {
                    SeckillSystem.Response answer = system.raw(route.method(), spelling, tokenOf(caller), route.body());
                    answers.add(answer.status() + " " + answer.body().path("code").asText());
                    if (!REFUSED.contains(answer.status())) {
                        accepted.put(route.method() + " " + spelling + " as " + caller.name(), answer.status());
                    }
                }
            }
        }

        assertThat(accepted).as("purchases or paths granted").isEmpty();
        assertThat(answers).contains("403 BAD_CAPTCHA", "403 BAD_PATH", "403 BLOCKED", "401 UNAUTHENTICATED", "400 BAD_REQUEST");
        assertThat(system.redis.scard(SeckillKeys.users(captchaActivityId))).isZero();
        assertThat(system.redis.hlen(SeckillKeys.outbox(captchaActivityId))).isZero();
        assertThat(system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE activity_id = ?", captchaActivityId)).isZero();
    }
}
