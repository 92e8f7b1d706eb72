package com.seckill.gateway;

import com.seckill.common.test.ArchitectureRules;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The module's code against the architecture rules (common's ArchitectureRules); a broken rule fails the build. */
@AnalyzeClasses(packages = "com.seckill.gateway", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule noPackageCycles = ArchitectureRules.noPackageCycles("com.seckill.gateway");

    @ArchTest
    static final ArchRule onlyItsOwnCode = ArchitectureRules.onlyItsOwnCode("com.seckill.gateway");

    @ArchTest
    static final ArchRule schedulesReadTheirProperties = com.seckill.common.test.ScheduleRules.SCHEDULES_READ_THEIR_PROPERTIES;

    @ArchTest
    static final ArchRule constructorsTakeFewCollaborators = ArchitectureRules.CONSTRUCTORS_TAKE_FEW_COLLABORATORS;

    @ArchTest
    static final ArchRule onlyItsOwnKeys = ArchitectureRules.onlyItsOwnKeys("com.seckill.gateway");

    @ArchTest
    static void onlyItsOwnTables(JavaClasses classes) {
        ArchitectureRules.assertUsesOnlyItsTables();
    }

    @ArchTest
    static void sourceFilesAreShort(JavaClasses classes) {
        ArchitectureRules.assertMainSourceFilesShort();
    }
}
