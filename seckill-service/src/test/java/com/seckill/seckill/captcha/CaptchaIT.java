package com.seckill.seckill.captcha;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.seckill.common.redis.SeckillKeys;
import com.seckill.seckill.SeckillServiceIT;
import com.seckill.web.test.Callers;
import java.io.ByteArrayInputStream;
import java.awt.image.BufferedImage;
import java.time.Duration;
import java.time.Instant;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.ResultActions;

/** The captcha in front of the path request, against real Redis and MariaDB. */
class CaptchaIT extends SeckillServiceIT {

    @Autowired
    MockMvc mvc;
    @Autowired
    StringRedisTemplate redis;
    @Autowired
    ObjectMapper json;

    private long activity(boolean captchaRequired) throws Exception {
        Instant start = Instant.now().minusSeconds(5);
        String body = """
                {"goodsId":%d,"goodsName":"Captcha phone","price":10.00,"stock":5,"startTime":"%s","endTime":"%s","captchaRequired":%s}
                """.formatted(uniqueId(), start, start.plus(Duration.ofHours(1)), captchaRequired);
        String answer = mvc.perform(post("/api/admin/activities").contentType(MediaType.APPLICATION_JSON).content(body).with(Callers.admin(1)))
                .andExpect(status().isCreated()).andReturn().getResponse().getContentAsString();
        return json.readTree(answer).get("id").asLong();
    }

    /** Shows a captcha and returns its answer as stored (what the shopper would read off the picture). */
    private String showCaptcha(long activityId, long userId) throws Exception {
        byte[] png = mvc.perform(get("/api/seckill/{id}/captcha", activityId).with(Callers.user(userId)))
                .andExpect(status().isOk())
                .andExpect(content().contentType(MediaType.IMAGE_PNG))
                .andExpect(header().string("Cache-Control", "no-store"))
                .andReturn().getResponse().getContentAsByteArray();
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
        assertThat(image.getWidth()).isEqualTo(CaptchaImage.WIDTH);
        return redis.opsForValue().get(SeckillKeys.captcha(activityId, userId));
    }

    private ResultActions askPath(long activityId, long userId, String body) throws Exception {
        var request = post("/api/seckill/{id}/token", activityId).with(Callers.user(userId));
        if (body != null) {
            request.contentType(MediaType.APPLICATION_JSON).content(body);
        }
        return mvc.perform(request);
    }

    private static String answer(String value) {
        return "{\"captcha\":\"" + value + "\"}";
    }

    @Test
    void wrongAnswerIsRejectedAndSpendsTheCaptcha() throws Exception {
        long activityId = activity(true);
        long userId = uniqueId();
        String right = showCaptcha(activityId, userId);
        String wrong = Integer.toString(Integer.parseInt(right) + 1);

        askPath(activityId, userId, answer(wrong))
                .andExpect(status().isForbidden())
                .andExpect(jsonPath("$.code").value("BAD_CAPTCHA"));
        // One guess per picture: the right answer no longer helps.
        askPath(activityId, userId, answer(right)).andExpect(status().isForbidden())
                .andExpect(jsonPath("$.code").value("BAD_CAPTCHA"));
        assertThat(redis.hasKey(SeckillKeys.path(activityId, userId))).isFalse();
    }

    @Test
    void rightAnswerIssuesAPathOnceAndItsReuseIsRejected() throws Exception {
        long activityId = activity(true);
        long userId = uniqueId();
        String right = showCaptcha(activityId, userId);
        assertThat(redis.getExpire(SeckillKeys.captcha(activityId, userId))).isBetween(100L, 120L);

        askPath(activityId, userId, answer(" " + right + " "))
                .andExpect(status().isOk())
                .andExpect(jsonPath("$.path").isNotEmpty());
        assertThat(redis.hasKey(SeckillKeys.path(activityId, userId))).isTrue();
        assertThat(redis.hasKey(SeckillKeys.captcha(activityId, userId))).isFalse();

        askPath(activityId, userId, answer(right))
                .andExpect(status().isForbidden())
                .andExpect(jsonPath("$.code").value("BAD_CAPTCHA"));
    }

    @Test
    void missingAnswerIsRejectedWithoutAPath() throws Exception {
        long activityId = activity(true);
        long userId = uniqueId();
        showCaptcha(activityId, userId);

        askPath(activityId, userId, null).andExpect(status().isForbidden()).andExpect(jsonPath("$.code").value("BAD_CAPTCHA"));
        askPath(activityId, userId, "{}").andExpect(status().isForbidden()).andExpect(jsonPath("$.code").value("BAD_CAPTCHA"));
        assertThat(redis.hasKey(SeckillKeys.path(activityId, userId))).isFalse();
    }

    @Test
    void anotherUsersAnswerDoesNotOpenThePath() throws Exception {
        long activityId = activity(true);
        long owner = uniqueId();
        long other = uniqueId();
        String ownersAnswer = showCaptcha(activityId, owner);

        askPath(activityId, other, answer(ownersAnswer)).andExpect(status().isForbidden())
                .andExpect(jsonPath("$.code").value("BAD_CAPTCHA"));
        assertThat(redis.opsForValue().get(SeckillKeys.captcha(activityId, owner))).isEqualTo(ownersAnswer);
    }

    @Test
    void activityWithoutCaptchaIgnoresTheFieldAndServesNoCaptcha() throws Exception {
        long activityId = activity(false);
        long userId = uniqueId();

        askPath(activityId, userId, answer("nonsense")).andExpect(status().isOk());
        askPath(activityId, userId, null).andExpect(status().isOk());
        mvc.perform(get("/api/seckill/{id}/captcha", activityId).with(Callers.user(userId)))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.code").value("NOT_FOUND"));
        assertThat(redis.hasKey(SeckillKeys.captcha(activityId, userId))).isFalse();
    }

    @Test
    void badCaptchaRequestsAreBadRequests() throws Exception {
        long activityId = activity(true);
        long userId = uniqueId();

        askPath(activityId, userId, "{\"captcha\":\"" + "9".repeat(17) + "\"}").andExpect(status().isBadRequest());
        askPath(activityId, userId, "{\"captcha\":\"7\",\"path\":\"x\"}").andExpect(status().isBadRequest());
        mvc.perform(get("/api/seckill/{id}/captcha", "abc").with(Callers.user(userId)))
                .andExpect(status().isBadRequest());
        mvc.perform(get("/api/seckill/{id}/captcha", -1).with(Callers.user(userId)))
                .andExpect(status().isBadRequest());
        mvc.perform(get("/api/seckill/{id}/captcha", uniqueId()).with(Callers.user(userId)))
                .andExpect(status().isNotFound());
        mvc.perform(get("/api/seckill/{id}/captcha", activityId)).andExpect(status().isUnauthorized());
    }
}
