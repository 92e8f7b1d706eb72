package com.seckill.ops;

import com.seckill.common.test.ArchitectureRules;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The module's code against the architecture rules (common's ArchitectureRules); a broken rule fails the build. */
@AnalyzeClasses(packages = "com.seckill.ops", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule noPackageCycles = ArchitectureRules.noPackageCycles("com.seckill.ops");

    @ArchTest
    static final ArchRule onlyItsOwnCode = ArchitectureRules.onlyItsOwnCode("com.seckill.ops");

    /** The doctor asks the services about their state: it names none of their Redis keys ... */
    @ArchTest
    static final ArchRule namesNoServicesKeys = ArchitectureRules.onlyItsOwnKeys("com.seckill.ops");

    /** ... and none of their tables (contract §6, issue 24). */
    @ArchTest
    static void namesNoServicesTables(JavaClasses classes) {
        ArchitectureRules.assertUsesOnlyItsTables();
    }

    @ArchTest
    static final ArchRule constructorsTakeFewCollaborators = ArchitectureRules.CONSTRUCTORS_TAKE_FEW_COLLABORATORS;

    @ArchTest
    static void sourceFilesAreShort(JavaClasses classes) {
        ArchitectureRules.assertMainSourceFilesShort();
    }

    /** The operators' tool stays small enough to read (issue 24: at most 3,000 lines); load testing is loadtest's. */
    @ArchTest
    static void staysSmall(JavaClasses classes) {
        ArchitectureRules.assertMainSourceAtMost(3_000);
    }
}
