package com.seckill.common.ops;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What every service tells {@code ./seckill doctor} in its {@code /actuator/info}: the profiles in
 * force, whether that is the local (development) profile, which secrets still hold the development
 * value of the source tree, and its clock (epoch ms) to measure skew against.
 */
public record ServiceFacts(List<String> profiles, boolean localProfile, Map<String, Boolean> developmentSecrets, long clock) {

    /** The profile every development secret is allowed in (the local and nacos groups include it). */
    public static final String LOCAL_PROFILE = "dev";

    /** @param active the active profiles; when there are none, the default ones are in force */
    public static ServiceFacts of(String[] active, String[] defaults, boolean localProfile,
                                  Map<String, Boolean> developmentSecrets, long clock) {
        return new ServiceFacts(List.of(active.length > 0 ? active : defaults), localProfile,
                new TreeMap<>(developmentSecrets), clock);
    }

    /** The {@code /actuator/info} details, by the names the doctor reads. */
    public Map<String, Object> details() {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("profiles", profiles);
        details.put("localProfile", localProfile);
        details.put("developmentSecrets", developmentSecrets);
        details.put("clock", clock);
        return details;
    }
}
