package com.seckill.web.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.FileSystemResource;
import org.springframework.core.io.Resource;

/**
 * The inner services' shared settings ({@code seckill-inner-service.yml}) are imported by each service,
 * and no service states one of them again: an imported file wins over the file that imports it, so a
 * service's own value for a shared key would be silently ignored.
 */
class ServiceDefaultsTest {

    private static final String SHARED = "seckill-inner-service.yml";
    private static final String ACTIVATION = "spring.config.activate.on-profile";

    @ParameterizedTest
    @ValueSource(strings = {"seckill-service", "order-service", "payment-service"})
    void everyInnerServiceImportsTheSharedSettingsAndRestatesNone(String service) throws IOException {
        Map<String, Set<String>> shared = keysByProfile(new ClassPathResource(SHARED));
        Map<String, Set<String>> own = keysByProfile(new FileSystemResource(
                Path.of("..", service, "src", "main", "resources", "application.yml")));

        assertThat(Files.readString(Path.of("..", service, "src", "main", "resources", "application.yml")))
                .as("%s imports the shared settings", service).contains("import: classpath:" + SHARED);
        shared.forEach((profile, keys) -> {
            Set<String> twice = new HashSet<>(keys);
            twice.retainAll(own.getOrDefault(profile, Set.of()));
            assertThat(twice).as("%s states shared keys again (profile '%s')", service, profile).isEmpty();
        });
        assertThat(shared.get("")).contains("spring.datasource.url", "seckill.trust.secret", "management.endpoints.web.exposure.include");
        assertThat(shared.get("dev")).contains("seckill.trust.secret", "server.address");
    }

    /** Every key each document of a YAML file sets, by the profile that activates the document ("" for none). */
    private static Map<String, Set<String>> keysByProfile(Resource yaml) throws IOException {
        Map<String, Set<String>> keys = new HashMap<>();
        List<PropertySource<?>> documents = new YamlPropertySourceLoader().load(yaml.getFilename(), yaml);
        for (PropertySource<?> document : documents) {
            Object profile = document.getProperty(ACTIVATION);
            Set<String> names = keys.computeIfAbsent(profile == null ? "" : profile.toString(), p -> new HashSet<>());
            for (String name : ((EnumerablePropertySource<?>) document).getPropertyNames()) {
                if (!name.equals(ACTIVATION)) {
                    names.add(name.replaceAll("\\[\\d+]$", ""));
                }
            }
        }
        return keys;
    }
}
