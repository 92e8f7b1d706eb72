package com.seckill.dbonly;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * What a flash sale looks like without the platform: every attempt is one HTTP request and one conditional
 * UPDATE on MySQL, the row lock of the one hot row serialising them. {@code ./seckill bench} drives it with the
 * same crowd as the platform, side by side (docs/PERFORMANCE.md).
 */
@SpringBootApplication
public class DbOnlyApp {

    public static void main(String[] args) {
        SpringApplication.run(DbOnlyApp.class, args);
    }
}
