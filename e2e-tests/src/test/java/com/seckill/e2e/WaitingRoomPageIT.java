package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;

/**
 * The waiting room on the shop page, in a real headless Chromium, in English and in Chinese: a shopper
 * joins before the start and is told places are drawn at the start, is admitted once the sale runs, and
 * the page buys at once with the admission. The language follows the browser's, and the switch in the
 * top bar; every word on the way is in the page's language. Screenshots: shop-queue-en.png, shop-queue-zh.png.
 */
class WaitingRoomPageIT extends PageTest {

    private static long signIn(String language) {
        long userId = SeckillSystem.uniqueId();
        browser.open("/");
        browser.script("localStorage.clear(); localStorage.setItem('seckill.lang', arguments[0])", language);
        browser.open("/");
        WebElement user = browser.await(UI, "the sign-in form", driver -> driver.findElement(By.id("signInUser")));
        user.sendKeys(String.valueOf(userId));
        user.sendKeys(Keys.ENTER);
        browser.await(UI, "signed in", driver -> driver.findElement(By.cssSelector("#account .who")).getText()
                .contains(String.valueOf(userId)));
        return userId;
    }

    private static WebElement card(long activityId) {
        return browser.await(UI, "the card of activity " + activityId, driver -> driver.findElement(By.id("activity-" + activityId)));
    }

    private static String queueText(long activityId) {
        return card(activityId).findElement(By.cssSelector(".queue-text")).getText();
    }

    private static String outcome(long activityId) {
        return card(activityId).findElement(By.cssSelector(".outcome .message")).getText();
    }

    private void joinBeforeTheStartThenBuy(String language, String join, String drawn, String bought, String screenshot) throws Exception {
        long userId = signIn(language);
        // the start is set once the shopper is signed in, so a slow first page load cannot make them join late
        Duration lead = leadTime(Duration.ofSeconds(12));
        Instant start = Instant.now().plus(lead).truncatedTo(ChronoUnit.SECONDS);
        long activity = system.createQueuedActivity("Queue " + language + " " + SeckillSystem.uniqueId(), 5, start, 50);
        browser.open("/");

        WebElement button = card(activity).findElement(By.cssSelector("button.buy"));
        browser.await(UI, "the join button", driver -> button.isEnabled() && button.getText().equals(join));
        button.click();
        browser.await(UI, "in the queue before the start", driver -> queueText(activity).contains(drawn));
        assertThat(card(activity).getAttribute("data-queue")).isEqualTo("WAITING");
        browser.screenshot(screenshot, card(activity));

        browser.await(lead.plus(Duration.ofSeconds(40)), "admitted and bought", driver -> outcome(activity).contains(bought));
        assertThat(system.queryLong("SELECT COUNT(*) FROM seckill_order WHERE user_id = ? AND activity_id = ?", userId, activity))
                .isEqualTo(1);
    }

    @Test
    void anEnglishShopperJoinsBeforeTheStartIsAdmittedAndBuys() throws Exception {
        joinBeforeTheStartThenBuy("en", "Join the queue", "Places are drawn at random at the start", "Got it!", "shop-queue-en");
        assertThat(browser.find("html").getAttribute("lang")).isEqualTo("en");
        assertThat(browser.find("#saleTitle").getText()).isEqualTo("On sale now and soon");
    }

    @Test
    void aChineseShopperSeesEveryWordInChinese() throws Exception {
        joinBeforeTheStartThenBuy("zh-CN", "加入排队", "开抢时", "抢到了！", "shop-queue-zh");
        assertThat(browser.find("html").getAttribute("lang")).isEqualTo("zh-CN");
        assertThat(browser.find("#saleTitle").getText()).isEqualTo("正在抢购与即将开始");
        assertThat(browser.find("#lang").getText()).isEqualTo("English");
    }

    @Test
    void theSwitchChangesTheLanguageAndTheBrowserKeepsIt() {
        signIn("en");
        browser.find("#lang").click();
        browser.await(UI, "the page in Chinese", driver -> driver.findElement(By.id("saleTitle")).getText().equals("正在抢购与即将开始"));
        browser.open("/");
        browser.await(UI, "still in Chinese", driver -> driver.findElement(By.id("saleTitle")).getText().equals("正在抢购与即将开始"));
        browser.find("#lang").click();
        browser.await(UI, "back in English", driver -> driver.findElement(By.id("saleTitle")).getText().equals("On sale now and soon"));
    }

    @Test
    void everyErrorCodeHasWordsInBothLanguages() {
        browser.open("/");
        Object untranslated = browser.script("return Object.values(Seckill.MESSAGES).filter(m => !(m in I18n.sentences))");
        assertThat((java.util.List<?>) untranslated).isEmpty();
        @SuppressWarnings("unchecked")
        java.util.List<Object> codes = (java.util.List<Object>) browser.script("return Object.keys(Seckill.MESSAGES)");
        assertThat(codes).contains("SOLD_OUT", "DUPLICATE", "RATE_LIMITED", "BUSY", "BLOCKED", "NOT_STARTED", "ENDED",
                "BAD_PATH", "BAD_CAPTCHA", "NOT_ADMITTED", "UNAUTHENTICATED", "FORBIDDEN", "NOT_FOUND", "CONFLICT", "BAD_REQUEST",
                "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "METHOD_NOT_ALLOWED", "INTERNAL", "NETWORK");
    }
}
