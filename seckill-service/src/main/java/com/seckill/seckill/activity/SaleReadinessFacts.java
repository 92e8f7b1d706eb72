package com.seckill.seckill.activity;

import java.util.Comparator;
import java.util.List;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.stereotype.Component;

/**
 * What {@code ./seckill doctor} reads of the sales ({@code /actuator/info} on this service's port, {@code "sales"}):
 * each activity within its warm-up window, newest first, as {@link SaleReadiness}. The doctor asks the owner of the
 * activities and their Redis figures instead of reading its table and keys. When Redis cannot be read,
 * {@code "salesError"} says why and the rest of the info is still answered.
 */
@Component
class SaleReadinessFacts implements InfoContributor {

    private final ActivityCatalog catalog;
    private final ActivityWarmer warmer;
    private final ActivityInspector inspector;

    SaleReadinessFacts(ActivityCatalog catalog, ActivityWarmer warmer, ActivityInspector inspector) {
        this.catalog = catalog;
        this.warmer = warmer;
        this.inspector = inspector;
    }

    @Override
    public void contribute(Info.Builder builder) {
        try {
            builder.withDetail("sales", sales());
        } catch (RuntimeException e) {
            builder.withDetail("salesError", String.valueOf(e.getMessage()));
        }
    }

    List<SaleReadiness> sales() {
        return catalog.all().stream().filter(warmer::startsWithinWindow)
                .sorted(Comparator.comparingLong(Activity::id).reversed())
                .map(inspector::readiness)
                .toList();
    }
}
