package com.seckill.common.test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;

import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.lang.reflect.Method;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.scheduling.annotation.Scheduled;

/** The schedule rule of the Spring services, apart from ArchitectureRules so that modules without Spring (ops) can load those. */
public final class ScheduleRules {

    private ScheduleRules() {
    }

    /** {@code #{@'prefix-fully.qualified.Properties'.accessor()}}: a schedule reading a properties record's bean. */
    private static final Pattern FROM_PROPERTIES = Pattern.compile("#\\{@'([^']+)-([\\w.$]+)'\\.(\\w+)\\(\\)}");

    /**
     * A schedule's interval is read from the properties record that declares it (its constant), never
     * written again in a {@code ${...:default}} placeholder: one setting, one default, one place.
     */
    public static final ArchRule SCHEDULES_READ_THEIR_PROPERTIES = methods().that().areAnnotatedWith(Scheduled.class)
            .should(new ArchCondition<>("read their intervals from a properties record") {
                @Override
                public void check(JavaMethod method, ConditionEvents events) {
                    Scheduled scheduled = method.reflect().getAnnotation(Scheduled.class);
                    for (String value : List.of(scheduled.fixedDelayString(), scheduled.fixedRateString(),
                            scheduled.initialDelayString())) {
                        String problem = value.isEmpty() ? null : problem(value);
                        if (problem != null) {
                            events.add(SimpleConditionEvent.violated(method, method.getFullName() + ": " + problem));
                        }
                    }
                }
            }).allowEmptyShould(true);

    /** Why {@code value} is not a properties record's interval; null when it is. */
    static String problem(String value) {
        Matcher matcher = FROM_PROPERTIES.matcher(value);
        if (!matcher.matches()) {
            return "'" + value + "' is not #{@'<prefix>-<record>'.<accessor>()}";
        }
        try {
            Class<?> record = Class.forName(matcher.group(2));
            ConfigurationProperties properties = record.getAnnotation(ConfigurationProperties.class);
            if (properties == null || !matcher.group(1).equals(properties.value().isEmpty() ? properties.prefix() : properties.value())) {
                return "'" + value + "' does not name " + record.getSimpleName() + "'s bean";
            }
            Method accessor = record.getMethod(matcher.group(3));
            return accessor.getParameterCount() == 0 ? null : "'" + value + "' names no accessor";
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            return "'" + value + "' names nothing: " + e.getMessage();
        }
    }

}
