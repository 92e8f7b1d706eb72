package com.seckill.common.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rules are not vacuous: a package cycle, a use of another module's code or keys or tables, a class of several
 * jobs are caught.
 */
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

    @Test
    void aClassTakingMoreThanSevenCollaboratorsFailsTheRuleButARecordsComponentsDoNot() {
        JavaClasses fixture = new ClassFileImporter().importPackages("com.seckill.common.test.fixture.shape");

        assertThatThrownBy(() -> ArchitectureRules.CONSTRUCTORS_TAKE_FEW_COLLABORATORS.check(fixture))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("SeveralJobs").hasMessageContaining("takes 8 parameters")
                .hasMessageNotContaining("OneJob").hasMessageNotContaining("Settings");
    }

    @Test
    void aServiceNamingAnotherServicesKeysFailsTheRuleTheOwnerDoesNot() {
        JavaClasses fixture = new ClassFileImporter().importPackages("com.seckill.common.test.fixture.keys");

        assertThatThrownBy(() -> ArchitectureRules.onlyItsOwnKeys("com.seckill.common.test.fixture.keys").check(fixture))
                .isInstanceOf(AssertionError.class).hasMessageContaining("WritesAnotherServicesKeys");
    }

    @Test
    void sqlNamingAnotherServicesTableIsListedItsOwnAndTheAllowedAreNot(@TempDir Path sources) throws IOException {
        Files.writeString(sources.resolve("PaymentMapper.java"), """
                @Select("SELECT amount FROM payment WHERE order_id = #{id}")
                @Select("SELECT status FROM seckill_order WHERE id = #{id}")
                @Update("UPDATE seckill_activity SET stock = stock + 1")
                // the order's payment, FROM the provider: not SQL of a table
                """);

        assertThat(ArchitectureRules.usesOfOthersTables(sources, "payment-service", List.of("seckill_activity")))
                .containsExactly(sources.resolve("PaymentMapper.java") + ": seckill_order (order-service's)");
    }

    @Test
    void onlySourceFilesLongerThanTheLimitAreListed(@TempDir Path sources) throws IOException {
        Files.createDirectories(sources.resolve("a/b"));
        Files.write(sources.resolve("a/b/Long.java"), Collections.nCopies(ArchitectureRules.MOST_LINES + 1, "//"));
        Files.write(sources.resolve("a/Short.java"), Collections.nCopies(ArchitectureRules.MOST_LINES, "//"));
        Files.write(sources.resolve("a/notes.txt"), Collections.nCopies(500, "x"));

        assertThat(ArchitectureRules.filesOverMostLines(sources))
                .containsExactly(sources.resolve("a/b/Long.java") + ": " + (ArchitectureRules.MOST_LINES + 1));
    }
}
