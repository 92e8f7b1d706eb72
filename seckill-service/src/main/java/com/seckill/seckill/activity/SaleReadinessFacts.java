package com.seckill.seckill.activity;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.stereotype.Component;

/**
 * What {@code ./seckill doctor} reads of the sales ({@code /actuator/info} on this service's port, {@code "sales"}):
 * {@link SaleReadinessReport}. The doctor asks the owner of the activities and their Redis figures instead of reading
 * its table and keys. When MySQL or Redis cannot be read, {@code "salesError"} says why and the rest of the info is
 * still answered.
 */
@Component
class SaleReadinessFacts implements InfoContributor {

    private final SaleReadinessReport report;

    SaleReadinessFacts(SaleReadinessReport report) {
        this.report = report;
    }

    @Override
    public void contribute(Info.Builder builder) {
        try {
            builder.withDetail("sales", report.sales());
        } catch (RuntimeException e) {
            builder.withDetail("salesError", String.valueOf(e.getMessage()));
        }
    }
}
