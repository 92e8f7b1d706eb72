package com.seckill.seckill.activity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.seckill.common.test.TestInfra;
import com.seckill.common.web.Headers;
import com.seckill.seckill.SeckillServiceIT;
import com.seckill.web.test.Callers;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.RequestBuilder;

/** Bad input on every endpoint of seckill-service: a clear 4xx problem and nothing written. */
class BadInputIT extends SeckillServiceIT {

    private static final Instant START = Instant.now().plus(Duration.ofDays(7)).truncatedTo(ChronoUnit.SECONDS);
    private static final String VALID = activity("Phone", START.toString(), START.plus(Duration.ofDays(1)).toString());

    private static String activity(String goodsName, String start, String end) {
        return """
                {"goodsId":1,"goodsName":"%s","price":10.00,"stock":5,"startTime":"%s","endTime":"%s"}"""
                .formatted(goodsName, start, end);
    }

    private static String named(String goodsName) {
        return activity(goodsName, START.toString(), START.plus(Duration.ofDays(1)).toString());
    }

    private static String starting(String start) {
        return activity("Phone", start, START.plus(Duration.ofDays(1)).toString());
    }

    /** A name with {@code C0 AF} in it: '/' spelt in two bytes, which no UTF-8 encoder writes. */
    private static byte[] overlongName() {
        String[] halves = named("a@@b").split("@@");
        byte[] head = halves[0].getBytes(StandardCharsets.US_ASCII);
        byte[] tail = halves[1].getBytes(StandardCharsets.US_ASCII);
        byte[] body = new byte[head.length + 2 + tail.length];
        System.arraycopy(head, 0, body, 0, head.length);
        body[head.length] = (byte) 0xC0;
        body[head.length + 1] = (byte) 0xAF;
        System.arraycopy(tail, 0, body, head.length + 2, tail.length);
        return body;
    }

    @Autowired
    MockMvc mvc;

    static RequestBuilder create(String body) {
        return post("/api/admin/activities").contentType(MediaType.APPLICATION_JSON).content(body).with(Callers.admin(1));
    }

    static Stream<Arguments> badRequests() {
        return Stream.of(
                Arguments.of("garbage JSON", create("{not json"), 400, "BAD_REQUEST"),
                Arguments.of("empty body", create(""), 400, "BAD_REQUEST"),
                Arguments.of("JSON array", create("[]"), 400, "BAD_REQUEST"),
                Arguments.of("missing fields", create("{\"goodsName\":\"x\"}"), 400, "BAD_REQUEST"),
                Arguments.of("mass-assigned id", create(VALID.replace("{", "{\"id\":5,")), 400, "BAD_REQUEST"),
                Arguments.of("a key given twice", create(VALID.replace("\"stock\":5", "\"stock\":5,\"stock\":5")), 400, "BAD_REQUEST"),
                Arguments.of("stock top-up with its key twice", post("/api/admin/activities/1/stock").contentType(MediaType.APPLICATION_JSON)
                        .content("{\"add\":1,\"add\":1}").with(Callers.admin(1)), 400, "BAD_REQUEST"),
                Arguments.of("negative stock", create(VALID.replace("\"stock\":5", "\"stock\":-5")), 400, "BAD_REQUEST"),
                Arguments.of("huge stock", create(VALID.replace("\"stock\":5", "\"stock\":99999999999999999999")), 400, "BAD_REQUEST"),
                Arguments.of("fractional stock", create(VALID.replace("\"stock\":5", "\"stock\":1.5")), 400, "BAD_REQUEST"),
                Arguments.of("string stock", create(VALID.replace("\"stock\":5", "\"stock\":\"5\"")), 400, "BAD_REQUEST"),
                Arguments.of("zero price", create(VALID.replace("10.00", "0")), 400, "BAD_REQUEST"),
                Arguments.of("three decimals", create(VALID.replace("10.00", "10.001")), 400, "BAD_REQUEST"),
                Arguments.of("blank name", create(VALID.replace("\"Phone\"", "\"  \"")), 400, "BAD_REQUEST"),
                Arguments.of("end before start", create(activity("Phone", START.toString(), START.minusSeconds(60).toString())), 400, "BAD_REQUEST"),
                Arguments.of("bad date", create(starting("tomorrow")), 400, "BAD_REQUEST"),
                Arguments.of("start in year 10000", create(starting("+10000-01-01T00:00:00Z")), 400, "BAD_REQUEST"),
                Arguments.of("start in year -999999999", create(starting("-999999999-01-01T00:00:00Z")), 400, "BAD_REQUEST"),
                Arguments.of("start in year 1", create(starting("0001-01-01T00:00:00Z")), 400, "BAD_REQUEST"),
                Arguments.of("start two years ahead", create(activity("Phone", START.plus(Duration.ofDays(730)).toString(),
                        START.plus(Duration.ofDays(731)).toString())), 400, "BAD_REQUEST"),
                Arguments.of("start a year ago", create(starting(START.minus(Duration.ofDays(372)).toString())), 400, "BAD_REQUEST"),
                Arguments.of("name of ideographic spaces", create(named("\\u3000\\u3000")), 400, "BAD_REQUEST"),
                Arguments.of("name of an em space", create(named("\\u2003")), 400, "BAD_REQUEST"),
                Arguments.of("name of a byte order mark", create(named("\\uFEFF")), 400, "BAD_REQUEST"),
                Arguments.of("name of zero-width characters", create(named("\\u200B\\u200D")), 400, "BAD_REQUEST"),
                Arguments.of("name with a lone surrogate", create(named("Phone\\uD800")), 400, "BAD_REQUEST"),
                Arguments.of("name with a control character", create(named("Ph\\u0007one")), 400, "BAD_REQUEST"),
                Arguments.of("name with an overlong UTF-8 sequence", post("/api/admin/activities").contentType(MediaType.APPLICATION_JSON)
                        .content(overlongName()).with(Callers.admin(1)), 400, "BAD_REQUEST"),
                Arguments.of("hexadecimal activity id", get("/api/activities/0x10").with(Callers.anonymous()), 400, "BAD_REQUEST"),
                Arguments.of("signed activity id", get("/api/activities/+1").with(Callers.anonymous()), 400, "BAD_REQUEST"),
                Arguments.of("zero-padded activity id", get("/api/activities/0001").with(Callers.anonymous()), 400, "BAD_REQUEST"),
                Arguments.of("fullwidth activity id", get("/api/activities/\uFF11").with(Callers.anonymous()), 400, "BAD_REQUEST"),
                Arguments.of("encoded activity prefix", get("/api/%61ctivities/1").with(Callers.anonymous()), 400, "BAD_REQUEST"),
                Arguments.of("wrong content type", post("/api/admin/activities").contentType(MediaType.TEXT_PLAIN).content(VALID).with(Callers.admin(1)), 415, "UNSUPPORTED_MEDIA_TYPE"),
                Arguments.of("non-numeric activity", get("/api/activities/abc").with(Callers.anonymous()), 400, "BAD_REQUEST"),
                Arguments.of("negative activity", get("/api/activities/-1").with(Callers.anonymous()), 400, "BAD_REQUEST"),
                Arguments.of("activity beyond long", get("/api/activities/99999999999999999999").with(Callers.anonymous()), 400, "BAD_REQUEST"),
                Arguments.of("SQL-looking activity", get("/api/activities/1 OR 1=1").with(Callers.anonymous()), 400, "BAD_REQUEST"),
                Arguments.of("token without user", post("/api/seckill/1/token"), 401, "UNAUTHENTICATED"),
                Arguments.of("token with a hand-written user header", post("/api/seckill/1/token").header(Headers.USER_ID, "abc").with(Callers.user(5)), 401, "UNAUTHENTICATED"),
                Arguments.of("token with garbage body", post("/api/seckill/1/token").with(Callers.user(5))
                        .contentType(MediaType.APPLICATION_JSON).content("{oops"), 400, "BAD_REQUEST"),
                Arguments.of("token with its captcha twice", post("/api/seckill/1/token").with(Callers.user(5))
                        .contentType(MediaType.APPLICATION_JSON).content("{\"captcha\":\"a\",\"captcha\":\"b\"}"), 400, "BAD_REQUEST"),
                Arguments.of("token for non-numeric activity", post("/api/seckill/x/token").with(Callers.user(5)), 400, "BAD_REQUEST"),
                Arguments.of("purchase without user", post("/api/seckill/1/somepath"), 401, "UNAUTHENTICATED"),
                Arguments.of("purchase of negative activity", post("/api/seckill/-3/somepath").with(Callers.user(5)), 400, "BAD_REQUEST"),
                Arguments.of("malformed request id", get("/api/seckill/result/abc'--").with(Callers.user(5)), 400, "BAD_REQUEST"),
                Arguments.of("result without user", get("/api/seckill/result/" + "0".repeat(36)), 401, "UNAUTHENTICATED"),
                Arguments.of("warm-up of non-numeric activity", post("/api/admin/activities/x/warmup").with(Callers.admin(1)), 400, "BAD_REQUEST"),
                Arguments.of("wrong method", get("/api/seckill/1/token").with(Callers.user(5)), 405, "METHOD_NOT_ALLOWED"),
                Arguments.of("unknown path", get("/api/nothing-here").with(Callers.anonymous()), 404, "NOT_FOUND"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badRequests")
    void badInputGetsAProblemAndWritesNothing(String name, RequestBuilder request, int status, String code) throws Exception {
        long activitiesBefore = activityCount();

        String body = mvc.perform(request)
                .andExpect(status().is(status))
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.code").value(code))
                .andExpect(jsonPath("$.status").value(status))
                .andReturn().getResponse().getContentAsString();

        assertThat(body).doesNotContain("Exception", "at com.", "at org.", "SQL");
        assertThat(activityCount()).isEqualTo(activitiesBefore);
    }

    private static long activityCount() throws Exception {
        try (Connection c = TestInfra.connection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM seckill_activity")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
