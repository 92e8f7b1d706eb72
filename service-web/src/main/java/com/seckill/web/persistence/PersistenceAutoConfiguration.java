package com.seckill.web.persistence;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.jdbc.JdbcTemplateAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.JdbcTemplate;

/** Reports the unique guards a service declares ({@link UniqueGuard} beans) to {@code ./seckill doctor}. */
@AutoConfiguration(after = JdbcTemplateAutoConfiguration.class)
public class PersistenceAutoConfiguration {

    @Bean
    @ConditionalOnBean({JdbcTemplate.class, UniqueGuard.class})
    GuardFacts guardFacts(JdbcTemplate jdbc, ObjectProvider<UniqueGuard> guards) {
        return new GuardFacts(jdbc, guards.orderedStream().toList());
    }
}
