package com.seckill.web.persistence;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Reports each {@link UniqueGuard} the service declares, read from its database's catalogue: {@code "guards"} maps
 * {@code table.index} to whether that unique index is there. When the database cannot be read,
 * {@code "guardsError"} says why and the rest of the info is still answered.
 */
public class GuardFacts implements InfoContributor {

    private final JdbcTemplate jdbc;
    private final List<UniqueGuard> guards;

    public GuardFacts(JdbcTemplate jdbc, List<UniqueGuard> guards) {
        this.jdbc = jdbc;
        this.guards = guards;
    }

    @Override
    public void contribute(Info.Builder builder) {
        try {
            builder.withDetail("guards", present());
        } catch (RuntimeException e) {
            builder.withDetail("guardsError", String.valueOf(e.getMessage()));
        }
    }

    public Map<String, Boolean> present() {
        Map<String, Boolean> present = new LinkedHashMap<>();
        for (UniqueGuard guard : guards) {
            Long count = jdbc.queryForObject("SELECT COUNT(*) FROM information_schema.statistics WHERE table_schema = DATABASE() "
                    + "AND table_name = ? AND index_name = ? AND non_unique = 0", Long.class, guard.table(), guard.index());
            present.put(guard.name(), count != null && count > 0);
        }
        return present;
    }
}
