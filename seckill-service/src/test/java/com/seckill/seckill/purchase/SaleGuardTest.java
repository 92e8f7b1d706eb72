package com.seckill.seckill.purchase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.seckill.seckill.Refusals;
import com.seckill.seckill.activity.Activity;
import com.seckill.seckill.activity.ActivityCatalog;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.core.Message;

/** What stops a purchase before it costs Redis anything, and the sold-out flag a stock return lowers. */
class SaleGuardTest {

    private static final Instant START = Instant.parse("2030-01-01T10:00:00Z");
    private static final Activity SALE = new Activity(7, 2, "Phone", BigDecimal.TEN, 10, 10, START, START.plusSeconds(3600), false);

    private final ActivityCatalog catalog = mock(ActivityCatalog.class);

    @BeforeEach
    void setUp() {
        when(catalog.find(7)).thenReturn(Optional.of(SALE));
    }

    @Test
    void aSaleIsOpenFromItsStartUntilItsEnd() {
        assertThatThrownBy(() -> guardAt(START.minusMillis(1)).open(7)).isInstanceOf(Refusals.NotStarted.class);
        assertThat(guardAt(START).open(7)).isEqualTo(SALE);
        assertThatThrownBy(() -> guardAt(SALE.endTime()).open(7)).isInstanceOf(Refusals.SaleEnded.class);
        assertThatThrownBy(() -> guardAt(START).open(8)).isInstanceOf(Refusals.UnknownActivity.class);
    }

    @Test
    void aSoldOutFlagRefusesWhileTheCatalogAgreesAndShowsTheSaleSoldOutAtOnce() {
        SaleGuard guard = guardAt(START);
        guard.markSoldOut(7);

        assertThatThrownBy(() -> guard.open(7)).isInstanceOf(Refusals.SoldOut.class);
        verify(catalog).noteSoldOut(7);
    }

    @Test
    void aSoldOutFlagTheCatalogContradictsIsDroppedAsAUnitCameBack() {
        SaleGuard guard = guardAt(START);
        guard.markSoldOut(7);
        when(catalog.stockLeft(7)).thenReturn(1);
        assertThat(guard.open(7)).isEqualTo(SALE);

        when(catalog.stockLeft(7)).thenReturn(0);
        assertThat(guard.open(7)).as("the flag is gone: Redis decides again").isEqualTo(SALE);
    }

    @Test
    void aStockReturnedAnnouncementClearsTheFlagAndAnUnreadableOneIsIgnored() {
        SaleGuard guard = guardAt(START);
        StockReturnedListener listener = new StockReturnedListener(guard);
        guard.markSoldOut(7);

        listener.onStockReturned(new Message("seven".getBytes(StandardCharsets.UTF_8)));
        assertThatThrownBy(() -> guard.open(7)).isInstanceOf(Refusals.SoldOut.class);

        listener.onStockReturned(new Message(" 7\n".getBytes(StandardCharsets.UTF_8)));
        assertThat(guard.open(7)).isEqualTo(SALE);
    }

    private SaleGuard guardAt(Instant now) {
        return new SaleGuard(catalog, Clock.fixed(now, ZoneOffset.UTC));
    }
}
