package com.seckill.seckill.captcha;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Random;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class ChallengeTest {

    @Test
    void questionsAreOneDigitSumsOrDifferencesWithTheirAnswer() {
        Random random = new Random(42);
        for (int i = 0; i < 500; i++) {
            Challenge challenge = Challenge.random(random);
            String[] parts = challenge.question().split(" ");
            int a = Integer.parseInt(parts[0]);
            int b = Integer.parseInt(parts[2]);
            int expected = parts[1].equals("+") ? a + b : a - b;
            assertThat(parts[3]).isEqualTo("=");
            assertThat(challenge.answer()).isEqualTo(Integer.toString(expected));
            assertThat(expected).isBetween(0, 18);
        }
    }

    @Test
    void everyQuestionRendersAsAPngWithoutSystemFonts() throws IOException {
        Random random = new Random(7);
        for (int i = 0; i < 20; i++) {
            byte[] png = CaptchaImage.png(Challenge.random(random).question(), random);
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
            assertThat(image.getWidth()).isEqualTo(CaptchaImage.WIDTH);
            assertThat(image.getHeight()).isEqualTo(CaptchaImage.HEIGHT);
        }
    }
}
