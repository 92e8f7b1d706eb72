package com.seckill.ops.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The packages a test run installs: only what is missing, and for the fault suite only what it adds. */
class SuiteToolsTest {

    @Test
    void aBareMachineNeedsEveryToolOfItsSuite() {
        SuiteTools bare = new SuiteTools(Map.of(), command -> false, path -> false, false);

        assertThat(bare.missing("test")).containsExactly("docker-compose", "redis-tools", "chromium", "chromium-driver", "fonts-wqy-zenhei");
        assertThat(bare.missing("chaos")).containsExactly("iproute2", "socat");
    }

    @Test
    void aMachineWithTheToolsNeedsNothingAndTheBrowserMayLiveElsewhere() {
        Set<Path> browsers = Set.of(Path.of("/opt/chrome/chrome"), Path.of("/opt/chrome/chromedriver"));
        SuiteTools ready = new SuiteTools(Map.of("SECKILL_CHROMIUM", "/opt/chrome/chrome", "SECKILL_CHROMEDRIVER", "/opt/chrome/chromedriver"),
                command -> true, browsers::contains, true);

        assertThat(ready.missing("test")).isEmpty();
        assertThat(ready.missing("chaos")).isEmpty();
        assertThat(new SuiteTools(Map.of(), command -> true, browsers::contains, true).missing("test"))
                .as("the default places, where there is no browser").containsExactly("chromium", "chromium-driver");
    }
}
