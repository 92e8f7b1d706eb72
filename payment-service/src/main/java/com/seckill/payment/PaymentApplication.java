package com.seckill.payment;

import com.seckill.web.persistence.UniqueGuard;
import com.seckill.web.trust.DevelopmentSecret;
import java.time.Clock;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;
import org.springframework.scheduling.annotation.EnableScheduling;

@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
public class PaymentApplication {

    public static void main(String[] args) {
        SpringApplication.run(PaymentApplication.class, args);
    }

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    /** Reported to ./seckill doctor, which fails the development callback secret outside the local profile. */
    @Bean
    DevelopmentSecret callbackSecret(PaymentProperties properties) {
        return new DevelopmentSecret("callback", PaymentProperties.DEVELOPMENT_SECRET.equals(properties.callbackSecret()));
    }

    /** One payment per order (contract §6), reported to ./seckill doctor. */
    @Bean
    UniqueGuard onePaymentPerOrder() {
        return new UniqueGuard("payment", "uk_payment_order");
    }
}
