package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

/**
 * The shop page ({@code /}) in a real headless Chromium, as a shopper uses it: sign in, a card per
 * activity counting down by the server's clock, Buy enabled only while the sale is on, the result
 * pushed to the page, then pay or cancel from My orders.
 */
class ShopperPageIT extends PageTest {

    /** The shop, freshly loaded and signed in as a new shopper; answers the user id. */
    private static long signedInShopper() {
        long userId = SeckillSystem.uniqueId();
        browser.open("/");
        browser.script("localStorage.clear()");
        browser.open("/");
        WebElement user = browser.await(UI, "the sign-in form",
                driver -> driver.findElement(By.id("signInUser")));
        user.sendKeys(String.valueOf(userId));
        user.sendKeys(Keys.ENTER);
        browser.await(UI, "signed in", driver -> driver.findElement(By.cssSelector("#account .who")).getText()
                .contains(String.valueOf(userId)));
        return userId;
    }

    private static WebElement card(long activityId) {
        return browser.await(UI, "the card of activity " + activityId,
                driver -> driver.findElement(By.id("activity-" + activityId)));
    }

    private static WebElement buyButton(long activityId) {
        return card(activityId).findElement(By.cssSelector("button.buy"));
    }

    private static String outcome(long activityId) {
        return card(activityId).findElement(By.cssSelector(".outcome .message")).getText();
    }

    private static WebElement order(long activityId) {
        return browser.await(UI, "my order for activity " + activityId,
                driver -> driver.findElement(By.cssSelector("#orders .order[data-activity-id='" + activityId + "']")));
    }

    @Test
    void aShopperBuysOnTheCardAndPaysFromMyOrders() throws Exception {
        long activity = system.createActivity("Browser phone " + SeckillSystem.uniqueId(), 5, Instant.now().minusSeconds(2),
                Instant.now().plus(Duration.ofHours(1)));
        long userId = signedInShopper();

        WebElement buy = buyButton(activity);
        browser.await(UI, "Buy enabled while the sale is on", driver -> buy.isEnabled());
        assertThat(card(activity).getText()).contains("5 of 5 left").contains("On sale").contains("ends in");
        buy.click();
        buy.click(); // a double click buys once

        browser.await(UI, "the result on the card", driver -> outcome(activity).contains("Got it!"));
        assertThat(card(activity).findElement(By.cssSelector(".outcome")).getAttribute("data-transport"))
                .as("the result was pushed (server-sent events), not polled").isEqualTo("push");
        assertThat(buyButton(activity).isEnabled()).as("one per shopper").isFalse();
        assertThat(buyButton(activity).getText()).isEqualTo("Bought");

        WebElement pending = order(activity);
        browser.await(UI, "the order waiting for payment", driver -> "PENDING".equals(order(activity).getAttribute("data-status")));
        assertThat(pending.getText()).contains("Waiting for payment").containsPattern("pay within 1[45]:\\d\\d");
        browser.screenshot("shop", card(activity));
        browser.screenshot("shop-my-orders", order(activity));

        order(activity).findElement(By.cssSelector("button.pay")).click();
        browser.await(UI, "the order paid", driver -> "PAID".equals(order(activity).getAttribute("data-status")));
        assertThat(order(activity).getText()).contains("Paid");
        assertThat(system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE user_id = ? AND activity_id = ?", userId, activity))
                .as("exactly one order, for all the clicks").isEqualTo(1);
        assertThat(system.queryLong("SELECT status FROM seckill_order WHERE user_id = ? AND activity_id = ?", userId, activity))
                .as("PAID in MySQL").isEqualTo(1);
        browser.screenshot("shop-paid", order(activity));
    }

    /**
     * The shop answers the first path request 503 BUSY with Retry-After: 2 (the gateway's own answer when
     * it sheds, replayed once by the page's fetch so that the moment is exact); the page counts down,
     * sends nothing before the two seconds are over, then buys through the running system.
     */
    @Test
    void aShopperToldBusyWaitsAsToldThenBuys() throws Exception {
        long activity = system.createActivity("Browser busy " + SeckillSystem.uniqueId(), 5, Instant.now().minusSeconds(2),
                Instant.now().plus(Duration.ofHours(1)));
        long userId = signedInShopper();
        browser.script("""
                window.__pathRequests = [];
                const real = window.fetch;
                window.fetch = (url, options) => {
                  if (String(url).endsWith('/token')) {
                    window.__pathRequests.push(Date.now());
                    if (window.__pathRequests.length === 1) {
                      return Promise.resolve(new Response(JSON.stringify({ type: 'about:blank', title: 'Busy', status: 503,
                          detail: 'Too many shoppers at once: nothing was done, try again in a moment', code: 'BUSY' }),
                          { status: 503, headers: { 'Content-Type': 'application/problem+json', 'Retry-After': '2' } }));
                    }
                  }
                  return real(url, options);
                };""");

        WebElement buy = buyButton(activity);
        browser.await(UI, "Buy enabled while the sale is on", driver -> buy.isEnabled());
        browser.recordStates("#activity-" + activity + " .outcome .message, #activity-" + activity + " button.buy");
        buy.click();

        browser.await(UI, "the busy countdown", driver -> browser.seenStates().stream()
                .anyMatch(seen -> seen.text().contains("very busy: trying again in")));
        if (outcome(activity).contains("very busy")) {
            browser.screenshot("shop-busy", card(activity));
        }
        browser.await(UI, "the result on the card", driver -> outcome(activity).contains("Got it!"));
        assertThat(browser.seenStates()).as("while it counted down, the button said so and took no click")
                .anyMatch(seen -> seen.text().startsWith("Retrying in") && seen.disabled())
                .noneMatch(seen -> seen.text().startsWith("Retrying in") && !seen.disabled());

        List<?> sent = (List<?>) browser.script("return window.__pathRequests");
        assertThat(sent).hasSize(2);
        long waited = ((Number) sent.get(1)).longValue() - ((Number) sent.get(0)).longValue();
        assertThat(waited).as("ms before the path was asked for again").isGreaterThanOrEqualTo(2000);
        assertThat(system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE user_id = ? AND activity_id = ?", userId, activity))
                .isEqualTo(1);
    }

    /**
     * The purchase reaches the running system and is accepted, and its answer is lost on the way back: the
     * page's fetch hands it the gateway's answer for that case, 503 with outcome UNKNOWN. The page sends
     * nothing again, says it cannot tell, looks at My orders and, once the order is written, shows it bought.
     */
    @Test
    void aShopperWhoseAnswerIsLostIsShownTheOrderThatWasWritten() throws Exception {
        long activity = system.createActivity("Browser lost answer " + SeckillSystem.uniqueId(), 5, Instant.now().minusSeconds(2),
                Instant.now().plus(Duration.ofHours(1)));
        long userId = signedInShopper();
        browser.script("""
                window.__purchases = 0;
                window.__ordersLookedAt = 0;
                const real = window.fetch;
                const purchase = /\\/api\\/seckill\\/\\d+\\/(?!token$|captcha$|queue$)[^/]+$/;
                window.fetch = async (url, options) => {
                  const post = options && options.method === 'POST';
                  if (post && purchase.test(String(url))) {
                    window.__purchases++;
                    await real(url, options); // it reaches the shop; its answer does not reach the page
                    return new Response(JSON.stringify({ type: 'about:blank', title: 'Service Unavailable', status: 503,
                        detail: 'The service did not answer: what you asked may have been done.', code: 'BUSY',
                        outcome: 'UNKNOWN' }), { status: 503, headers: { 'Content-Type': 'application/problem+json' } });
                  }
                  if (String(url).endsWith('/api/orders') && window.__purchases > 0) window.__ordersLookedAt++;
                  return real(url, options);
                };""");

        WebElement buy = buyButton(activity);
        browser.await(UI, "Buy enabled while the sale is on", driver -> buy.isEnabled());
        browser.recordStates("#activity-" + activity + " .outcome .message");
        buy.click();

        browser.await(Duration.ofSeconds(40), "the order found and shown", driver -> outcome(activity).contains("Got it!"));
        assertThat(browser.script("return window.__purchases")).as("the purchase was not sent again").isEqualTo(1L);
        assertThat(((Number) browser.script("return window.__ordersLookedAt")).longValue()).as("My orders were read").isPositive();
        assertThat(browser.seenStates()).extracting(Browser.Seen::text)
                .contains("We could not tell whether your order went through. Looking at your orders…");
        assertThat(system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE user_id = ? AND activity_id = ?", userId, activity))
                .isEqualTo(1);
    }

    @Test
    void aSoldOutItemCannotBeBought() throws Exception {
        long activity = system.createActivity("Browser last unit " + SeckillSystem.uniqueId(), 1, Instant.now().minusSeconds(2),
                Instant.now().plus(Duration.ofHours(1)));
        assertThat(new Shoppers(system, 1).buyAtOnce(activity)).allMatch(Shoppers.Attempt::accepted);
        signedInShopper();

        browser.await(UI, "the card says sold out", driver -> card(activity).getText().contains("0 of 1 left"));
        assertThat(buyButton(activity).isEnabled()).isFalse();
        assertThat(buyButton(activity).getText()).isEqualTo("Sold out");
        assertThat(card(activity).findElement(By.cssSelector(".badge")).getText()).isEqualTo("Sold out");
    }

    @Test
    void anUpcomingItemCountsDownAndOpensAtItsStartWithoutAReload() throws Exception {
        signedInShopper();
        Duration lead = leadTime(Duration.ofSeconds(8));
        Instant asked = Instant.now().plus(lead);
        long activity = system.createActivity("Browser countdown " + SeckillSystem.uniqueId(), 3, asked, asked.plus(Duration.ofHours(1)));
        // the start as the server keeps it (MySQL keeps whole seconds)
        Instant start = Instant.parse(system.call("GET", "/api/activities/" + activity, null, null).body().path("startTime").asText());
        browser.open("/");
        card(activity);
        browser.recordStates("#activity-" + activity + " button.buy");

        assertThat(buyButton(activity).isEnabled()).as("disabled before the start").isFalse();
        assertThat(buyButton(activity).getText()).isEqualTo("Not started");
        browser.screenshot("shop-countdown", card(activity));
        browser.await(UI, "a countdown", driver -> card(activity).findElement(By.cssSelector(".countdown")).getText()
                .matches("starts in \\d\\d:\\d\\d"));
        String before = card(activity).findElement(By.cssSelector(".countdown")).getText();
        browser.await(UI, "the countdown moving", driver -> !before.equals(card(activity).findElement(By.cssSelector(".countdown")).getText()));

        browser.await(lead.plus(UI), "Buy enabled at the start", driver -> buyButton(activity).isEnabled());
        // the moment the page itself enabled it, however slowly this test looked
        Instant enabledAt = Instant.ofEpochMilli(browser.seenStates().stream().filter(seen -> !seen.disabled())
                .findFirst().orElseThrow().at());
        // the page's clock is the server's; both run on this machine, so the start is seen within a tick
        assertThat(Duration.between(start, enabledAt)).as("enabled at the start, not before, not seconds after")
                .isBetween(Duration.ofMillis(-250), Duration.ofMillis(1500));

        buyButton(activity).click();
        browser.await(UI, "bought right after the start", driver -> outcome(activity).contains("Got it!"));
    }

    @Test
    void cancellingAPendingOrderGivesTheUnitBack() {
        long activity = system.createActivity("Browser cancel " + SeckillSystem.uniqueId(), 2, Instant.now().minusSeconds(2),
                Instant.now().plus(Duration.ofHours(1)));
        signedInShopper();
        WebElement buy = buyButton(activity);
        browser.await(UI, "Buy enabled", driver -> buy.isEnabled());
        buy.click();
        browser.await(UI, "bought", driver -> outcome(activity).contains("Got it!"));
        browser.await(UI, "1 of 2 left", driver -> card(activity).getText().contains("1 of 2 left"));

        order(activity).findElement(By.cssSelector("button.cancel")).click();

        browser.await(UI, "the order cancelled", driver -> "CANCELLED".equals(order(activity).getAttribute("data-status")));
        browser.await(UI, "the unit back on sale", driver -> card(activity).getText().contains("2 of 2 left"));
        assertThat(system.call("GET", "/api/activities/" + activity, null, null).body().path("stockLeft").asInt()).isEqualTo(2);
        assertThat(buyButton(activity).isEnabled()).as("free to buy again").isTrue();
    }

    @Test
    void aPaidOrderIsRefundedFromMyOrdersAndItsUnitGoesBackOnSale() throws Exception {
        long activity = system.createActivity("Browser refund " + SeckillSystem.uniqueId(), 2, Instant.now().minusSeconds(2),
                Instant.now().plus(Duration.ofHours(1)));
        long userId = signedInShopper();
        WebElement buy = buyButton(activity);
        browser.await(UI, "Buy enabled", driver -> buy.isEnabled());
        buy.click();
        browser.await(UI, "bought", driver -> outcome(activity).contains("Got it!"));
        browser.await(UI, "the order waiting for payment", driver -> "PENDING".equals(order(activity).getAttribute("data-status")));
        assertThat(order(activity).findElement(By.cssSelector("button.refund")).isDisplayed()).as("no refund before paying").isFalse();
        order(activity).findElement(By.cssSelector("button.pay")).click();
        browser.await(UI, "the order paid", driver -> "PAID".equals(order(activity).getAttribute("data-status")));
        browser.await(UI, "1 of 2 left", driver -> card(activity).getText().contains("1 of 2 left"));

        WebElement refund = order(activity).findElement(By.cssSelector("button.refund"));
        assertThat(refund.getText()).isEqualTo("Refund");
        refund.click();

        browser.await(UI, "the order refunded", driver -> "REFUNDED".equals(order(activity).getAttribute("data-status")));
        assertThat(order(activity).getText()).contains("Refunded");
        browser.await(UI, "the unit back on sale", driver -> card(activity).getText().contains("2 of 2 left"));
        assertThat(system.queryLong("SELECT status FROM seckill_order WHERE user_id = ? AND activity_id = ?", userId, activity))
                .as("REFUNDED (4) in MySQL").isEqualTo(4);
        assertThat(order(activity).findElement(By.cssSelector("button.refund")).isDisplayed()).as("refunded once").isFalse();
        browser.screenshot("shop-refunded", order(activity));
    }

    @Test
    void aRefusalIsToldInWordsAndBuysNothing() {
        long activity = system.createActivity("Browser blocked " + SeckillSystem.uniqueId(), 3, Instant.now().minusSeconds(2),
                Instant.now().plus(Duration.ofHours(1)));
        long userId = signedInShopper();
        String admin = system.token(SeckillSystem.uniqueId(), true);
        SeckillSystem.Response block = system.call("POST", "/api/admin/blacklist", admin,
                "{\"userId\":" + userId + ",\"reason\":\"browser test\"}");
        assertThat(block.status()).isEqualTo(201);
        try {
            WebElement buy = buyButton(activity);
            browser.await(UI, "Buy enabled", driver -> buy.isEnabled());
            buy.click();

            browser.await(UI, "the refusal in words", driver -> outcome(activity).contains("blocked"));
            assertThat(card(activity).findElement(By.cssSelector(".outcome")).getAttribute("data-kind")).isEqualTo("error");
            assertThat(system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE user_id = ?", userId)).isZero();
        } finally {
            system.call("DELETE", "/api/admin/blacklist/" + block.body().path("id").asLong(), admin, null);
        }
    }

    @Test
    void onAPhoneThePageFitsAndEveryControlHasALabel() throws Exception {
        system.createActivity("Browser phone-width " + SeckillSystem.uniqueId(), 3, Instant.now().minusSeconds(2),
                Instant.now().plus(Duration.ofHours(1)));
        try (Browser phone = new Browser(390, 844)) {
            phone.open("/");
            phone.await(UI, "the cards", driver -> !driver.findElements(By.cssSelector(".card")).isEmpty());
            assertThat((Boolean) phone.script("return document.documentElement.scrollWidth <= window.innerWidth"))
                    .as("no sideways scrolling at 390 px").isTrue();
            @SuppressWarnings("unchecked")
            List<String> unlabelled = (List<String>) phone.script("return [...document.querySelectorAll('input, meter, progress')]"
                    + ".filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.getAttribute('aria-labelledby'))"
                    + ".map(e => e.outerHTML)");
            assertThat(unlabelled).as("controls without a label").isEmpty();
            assertThat(phone.all(".card .outcome[aria-live=polite]")).as("results are announced").isNotEmpty();
            phone.screenshot("shop-phone");
        }
    }
}
