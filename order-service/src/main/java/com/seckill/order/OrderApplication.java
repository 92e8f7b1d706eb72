package com.seckill.order;

import com.seckill.web.persistence.UniqueGuard;
import java.time.Clock;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;
import org.springframework.scheduling.annotation.EnableScheduling;

@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
public class OrderApplication {

    public static void main(String[] args) {
        SpringApplication.run(OrderApplication.class, args);
    }

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    /** The unique indexes that keep orders exact (contract §6), reported to ./seckill doctor. */
    @Bean
    UniqueGuard oneOrderPerUserAndSale() {
        return new UniqueGuard("seckill_order", "uk_order_user_activity");
    }

    @Bean
    UniqueGuard oneOrderPerRequest() {
        return new UniqueGuard("seckill_order", "uk_order_request");
    }

    @Bean
    UniqueGuard oneOrderPerNumber() {
        return new UniqueGuard("seckill_order", "uk_order_no");
    }

    @Bean
    UniqueGuard oneConsumptionPerMessage() {
        return new UniqueGuard("mq_consume_log", "uk_consume_message");
    }
}
