package com.seckill.common;

import com.seckill.common.test.ArchitectureRules;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** common is the wire contract every service shares: no framework in it, no cycle inside it. */
@AnalyzeClasses(packages = "com.seckill.common", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    @ArchTest
    static final ArchRule wireContractsOnly = ArchitectureRules.COMMON_IS_WIRE_CONTRACTS_ONLY;

    @ArchTest
    static final ArchRule noPackageCycles = ArchitectureRules.noPackageCycles("com.seckill.common");

    @ArchTest
    static final ArchRule constructorsTakeFewCollaborators = ArchitectureRules.CONSTRUCTORS_TAKE_FEW_COLLABORATORS;

    @ArchTest
    static void sourceFilesAreShort(JavaClasses classes) {
        ArchitectureRules.assertMainSourceFilesShort();
    }
}
