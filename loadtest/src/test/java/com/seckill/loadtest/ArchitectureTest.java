package com.seckill.loadtest;

import com.seckill.common.test.ArchitectureRules;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The module's code against the architecture rules (common's ArchitectureRules); a broken rule fails the build. */
@AnalyzeClasses(packages = "com.seckill.loadtest", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule noPackageCycles = ArchitectureRules.noPackageCycles("com.seckill.loadtest");

    @ArchTest
    static final ArchRule onlyItsOwnCode = ArchitectureRules.onlyItsOwnCodeAndThatOf("com.seckill.loadtest", "com.seckill.ops");

    @ArchTest
    static final ArchRule constructorsTakeFewCollaborators = ArchitectureRules.CONSTRUCTORS_TAKE_FEW_COLLABORATORS;

    @ArchTest
    static void sourceFilesAreShort(JavaClasses classes) {
        ArchitectureRules.assertMainSourceFilesShort();
    }
}
