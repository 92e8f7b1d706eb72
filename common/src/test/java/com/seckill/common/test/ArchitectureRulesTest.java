package com.seckill.common.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rules are not vacuous: a package cycle and a use of another module's code are caught. */
class ArchitectureRulesTest {

    @Test
    void aPackageCycleFailsTheRule() {
        JavaClasses fixture = new ClassFileImporter().importPackages("com.seckill.common.test.fixture");

        assertThatThrownBy(() -> ArchitectureRules.noPackageCycles("com.seckill.common.test.fixture").check(fixture))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Cycle detected").hasMessageContaining("left").hasMessageContaining("right");
    }

    @Test
    void aModuleThatUsesAnotherServicesCodeFailsTheRule() {
        JavaClasses fixture = new ClassFileImporter().importPackages("com.seckill.common.test.fixture");

        assertThatThrownBy(() -> ArchitectureRules.onlyItsOwnCode("com.seckill.common.test.fixture.left",
                List.of("com.seckill.common.test.fixture.left", "com.seckill.common.test.fixture.right")).check(fixture))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void aScheduleWithAnIntervalOfItsOwnOrAnotherBeanFailsTheRule() {
        JavaClasses fixture = new ClassFileImporter().importPackages("com.seckill.common.test.fixture.schedules");

        assertThatThrownBy(() -> ScheduleRules.SCHEDULES_READ_THEIR_PROPERTIES.check(fixture))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("aSecondDefault").hasMessageContaining("theWrongBean")
                .hasMessageNotContaining("fromTheRecord");
        assertThat(ScheduleRules.problem("#{@'fixture.jobs-com.seckill.common.test.fixture.schedules.Jobs$JobProperties'.every()}"))
                .isNull();
    }
}
