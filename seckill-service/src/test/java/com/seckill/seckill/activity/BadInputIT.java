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
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
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

    private static final String VALID = """
            {"goodsId":1,"goodsName":"Phone","price":10.00,"stock":5,"startTime":"2030-01-01T00:00:00Z","endTime":"2030-01-02T00:00:00Z"}""";

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
                Arguments.of("negative stock", create(VALID.replace("\"stock\":5", "\"stock\":-5")), 400, "BAD_REQUEST"),
                Arguments.of("huge stock", create(VALID.replace("\"stock\":5", "\"stock\":99999999999999999999")), 400, "BAD_REQUEST"),
                Arguments.of("fractional stock", create(VALID.replace("\"stock\":5", "\"stock\":1.5")), 400, "BAD_REQUEST"),
                Arguments.of("string stock", create(VALID.replace("\"stock\":5", "\"stock\":\"5\"")), 400, "BAD_REQUEST"),
                Arguments.of("zero price", create(VALID.replace("10.00", "0")), 400, "BAD_REQUEST"),
                Arguments.of("three decimals", create(VALID.replace("10.00", "10.001")), 400, "BAD_REQUEST"),
                Arguments.of("blank name", create(VALID.replace("\"Phone\"", "\"  \"")), 400, "BAD_REQUEST"),
                Arguments.of("end before start", create(VALID.replace("2030-01-02", "2029-01-02")), 400, "BAD_REQUEST"),
                Arguments.of("bad date", create(VALID.replace("2030-01-01T00:00:00Z", "tomorrow")), 400, "BAD_REQUEST"),
                Arguments.of("wrong content type", post("/api/admin/activities").contentType(MediaType.TEXT_PLAIN).content(VALID).with(Callers.admin(1)), 415, "UNSUPPORTED_MEDIA_TYPE"),
                Arguments.of("non-numeric activity", get("/api/activities/abc").with(Callers.anonymous()), 400, "BAD_REQUEST"),
                Arguments.of("negative activity", get("/api/activities/-1").with(Callers.anonymous()), 400, "BAD_REQUEST"),
                Arguments.of("activity beyond long", get("/api/activities/99999999999999999999").with(Callers.anonymous()), 400, "BAD_REQUEST"),
                Arguments.of("SQL-looking activity", get("/api/activities/1 OR 1=1").with(Callers.anonymous()), 400, "BAD_REQUEST"),
                Arguments.of("token without user", post("/api/seckill/1/token"), 401, "UNAUTHENTICATED"),
                Arguments.of("token with a hand-written user header", post("/api/seckill/1/token").header(Headers.USER_ID, "abc").with(Callers.user(5)), 401, "UNAUTHENTICATED"),
                Arguments.of("token with garbage body", post("/api/seckill/1/token").with(Callers.user(5))
                        .contentType(MediaType.APPLICATION_JSON).content("{oops"), 400, "BAD_REQUEST"),
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
