package com.seckill.order;

import com.seckill.common.test.ArchitectureRules;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The module's code against the architecture rules (common's ArchitectureRules); a broken rule fails the build. */
@AnalyzeClasses(packages = "com.seckill.order", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule noPackageCycles = ArchitectureRules.noPackageCycles("com.seckill.order");

    @ArchTest
    static final ArchRule onlyItsOwnCode = ArchitectureRules.onlyItsOwnCode("com.seckill.order");

    @ArchTest
    static final ArchRule controllersDoNotUseMappers = ArchitectureRules.CONTROLLERS_DO_NOT_USE_MAPPERS;

    @ArchTest
    static final ArchRule schedulesReadTheirProperties = com.seckill.common.test.ScheduleRules.SCHEDULES_READ_THEIR_PROPERTIES;

    @ArchTest
    static final ArchRule constructorsTakeFewCollaborators = ArchitectureRules.CONSTRUCTORS_TAKE_FEW_COLLABORATORS;

    @ArchTest
    static final ArchRule onlyItsOwnKeys = ArchitectureRules.onlyItsOwnKeys("com.seckill.order");

    /** seckill_activity: its stock column is order-service's guard after creation (contract §6). */
    @ArchTest
    static void onlyItsOwnTables(JavaClasses classes) {
        ArchitectureRules.assertUsesOnlyItsTables("seckill_activity");
    }

    @ArchTest
    static void sourceFilesAreShort(JavaClasses classes) {
        ArchitectureRules.assertMainSourceFilesShort();
    }
}
