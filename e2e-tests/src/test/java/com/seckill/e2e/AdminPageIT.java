package com.seckill.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * The admin page ({@code /admin}) in a real headless Chromium: an administrator creates an activity
 * that shoppers then see, watches its live figures, is shown the API's validation messages beside the
 * fields, and keeps the blacklist; a shopper who opens the page is told plainly it is not for them.
 */
class AdminPageIT extends PageTest {

    /** A datetime-local input's value. */
    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss");

    private static long signIn(boolean admin) {
        long userId = SeckillSystem.uniqueId();
        browser.open("/admin");
        browser.script("localStorage.clear()");
        browser.open("/admin");
        WebElement user = browser.await(UI, "the sign-in form", driver -> driver.findElement(By.id("signInUser")));
        user.clear();
        user.sendKeys(String.valueOf(userId));
        WebElement asAdmin = browser.find("#signInAdmin");
        if (asAdmin.isSelected() != admin) {
            asAdmin.click();
        }
        browser.find("#signInForm button[type=submit]").click();
        browser.await(UI, "signed in", driver -> driver.findElement(By.cssSelector("#account .who")).getText()
                .contains(String.valueOf(userId)));
        return userId;
    }

    private static void signedInAdministrator() {
        signIn(true);
        browser.await(UI, "the console", driver -> driver.findElement(By.id("console")).isDisplayed());
    }

    private static void type(String id, String text) {
        WebElement input = browser.find("#" + id);
        input.clear();
        input.sendKeys(text);
    }

    /**
     * A date and time in a datetime-local input, in the browser's (this machine's) zone: set as the
     * picker sets it, since typing into one depends on the browser's locale.
     */
    private static void typeTime(String id, LocalDateTime time) {
        browser.script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input', {bubbles: true}))",
                browser.find("#" + id), time.format(LOCAL));
    }

    @Test
    void anAdministratorCreatesAnActivityThatShoppersThenSeeWithItsLiveFigures() throws Exception {
        signedInAdministrator();
        String name = "Admin lamp " + SeckillSystem.uniqueId();
        type("goodsName", name);
        type("price", "88.80");
        type("stock", "7");
        LocalDateTime start = LocalDateTime.now(ZoneId.systemDefault()).minusMinutes(1);
        typeTime("startTime", start);
        typeTime("endTime", start.plusHours(2));
        browser.find("#createSubmit").click();

        String created = browser.await(UI, "the activity created", driver -> {
            String status = driver.findElement(By.id("createStatus")).getText();
            return status.startsWith("Activity ") && status.contains("created") ? status : null;
        });
        long id = Long.parseLong(created.replaceAll("^Activity (\\d+) created.*$", "$1"));
        JsonNode activity = system.call("GET", "/api/activities/" + id, null, null).body();
        assertThat(activity.path("goodsName").asText()).isEqualTo(name);
        assertThat(activity.path("stockTotal").asInt()).isEqualTo(7);
        assertThat(activity.path("price").decimalValue()).isEqualByComparingTo("88.80");

        WebElement row = browser.await(UI, "its row with live figures", driver -> {
            WebElement found = driver.findElement(By.id("admin-activity-" + id));
            return "7".equals(found.findElement(By.cssSelector(".redis-stock")).getText()) ? found : null;
        });
        assertThat(row.findElement(By.cssSelector(".db-stock")).getText()).isEqualTo("7");
        assertThat(row.getText()).contains("yes");
        browser.script("window.scrollTo(0, 0)");
        browser.screenshot("admin");
        browser.screenshot("admin-activities", row);

        // stock added to the live sale from its row: Redis and MySQL gain exactly that
        // the live figures re-render the rows until the keyboard is in one: take the field fresh and focus it first
        String rowCss = "#admin-activity-" + id;
        WebElement units = browser.await(UI, "the units field, focused", driver -> {
            WebElement field = driver.findElement(By.cssSelector(rowCss + " .add-units"));
            field.click();
            return field;
        });
        units.clear();
        units.sendKeys("5");
        browser.find(rowCss + " .add-stock").click();
        // the row says so, or (re-rendered once the keyboard left it) shows the new figures
        browser.await(UI, "the stock added", driver -> {
            WebElement found = driver.findElement(By.id("admin-activity-" + id));
            return found.getText().contains("Stock added: 12 units in all.")
                    || "12".equals(found.findElement(By.cssSelector(".redis-stock")).getText()) ? found : null;
        });
        assertThat(system.queryLong("SELECT stock_total FROM seckill_activity WHERE id = ?", id)).isEqualTo(12);
        assertThat(system.queryLong("SELECT stock FROM seckill_activity WHERE id = ?", id)).isEqualTo(12);

        browser.open("/");
        browser.await(UI, "shoppers see it", driver -> driver.findElement(By.id("activity-" + id)).getText().contains(name));
        assertThat(browser.find("#activity-" + id).getText()).contains("12 of 12 left").contains("On sale");
    }

    @Test
    void anAdministratorSellsAHotItemFromSeveralRedisBucketsWithoutAWaitingRoom() {
        signedInAdministrator();
        long goodsId = SeckillSystem.uniqueId();
        type("goodsId", String.valueOf(goodsId));
        type("goodsName", "Hot kettle " + goodsId);
        type("price", "19.90");
        type("stock", "30");
        type("buckets", "3");
        LocalDateTime start = LocalDateTime.now(ZoneId.systemDefault()).minusMinutes(1);
        typeTime("startTime", start);
        typeTime("endTime", start.plusHours(1));
        browser.find("#createSubmit").click();

        // the waiting room is proposed by default: a bucketed sale has none
        browser.await(UI, "the refusal", driver -> driver.findElement(By.id("createStatus")).getText().startsWith("Not created"));
        assertThat(browser.find("#buckets-error").getText()).isEqualTo("an activity with a waiting room is sold from one bucket");
        assertThat(browser.find("#buckets").getAttribute("aria-invalid")).isEqualTo("true");
        assertThat(system.queryLong("SELECT COUNT(*) FROM seckill_activity WHERE goods_id = ?", goodsId)).isZero();

        browser.find("#waitingRoomEnabled").click();
        browser.find("#createSubmit").click();
        String created = browser.await(UI, "the activity created", driver -> {
            String status = driver.findElement(By.id("createStatus")).getText();
            return status.startsWith("Activity ") && status.contains("created") ? status : null;
        });
        long id = Long.parseLong(created.replaceAll("^Activity (\\d+) created.*$", "$1"));
        assertThat(system.queryLong("SELECT buckets FROM seckill_activity WHERE id = ?", id)).isEqualTo(3);
        WebElement row = browser.await(UI, "its row, the buckets added up", driver -> {
            WebElement found = driver.findElement(By.id("admin-activity-" + id));
            return "30".equals(found.findElement(By.cssSelector(".redis-stock")).getText()) ? found : null;
        });
        assertThat(row.getText()).contains("yes");
        assertThat(browser.find("#buckets").getAttribute("value")).as("the form back to one bucket").isEqualTo("1");
    }

    @Test
    void theFormShowsTheApisValidationMessagesBesideTheFieldsAndCreatesNothing() {
        signedInAdministrator();
        long goodsId = SeckillSystem.uniqueId();
        type("goodsId", String.valueOf(goodsId));
        type("goodsName", "   ");
        type("price", "10");
        type("stock", "5");
        LocalDateTime start = LocalDateTime.now(ZoneId.systemDefault()).plusHours(1);
        typeTime("startTime", start);
        typeTime("endTime", start.minusMinutes(30));
        browser.find("#createSubmit").click();

        browser.await(UI, "the refusal", driver -> driver.findElement(By.id("createStatus")).getText().startsWith("Not created"));
        assertThat(browser.find("#goodsName-error").getText()).isEqualTo("must not be blank");
        assertThat(browser.find("#endTime-error").getText()).isEqualTo("endTime must be after startTime");
        assertThat(browser.find("#goodsName").getAttribute("aria-invalid")).isEqualTo("true");
        assertThat(browser.find("#price").getAttribute("aria-invalid")).isNull();
        assertThat(system.queryLong("SELECT COUNT(*) FROM seckill_activity WHERE goods_id = ?", goodsId)).isZero();
    }

    @Test
    void aShopperOnTheAdminPageIsToldItIsForAdministrators() throws Exception {
        long userId = signIn(false);

        WebElement refusal = browser.await(UI, "a refusal", driver -> {
            WebElement shown = driver.findElement(By.id("refusal"));
            return shown.isDisplayed() ? shown : null;
        });
        browser.screenshot("admin-refused");
        assertThat(refusal.getText()).contains("Administrators only").contains("user " + userId).contains("not one");
        assertThat(browser.find("#console").isDisplayed()).isFalse();
    }

    @Test
    void anAdministratorLooksUpAPaidOrderAndRefundsItWithAReasonThatTheAuditLogShows() throws Exception {
        long activity = system.createActivity(1);
        long owner = SeckillSystem.uniqueId();
        long orderId = system.buyAndPay(activity, system.token(owner, false));
        signedInAdministrator();

        type("orderId", String.valueOf(orderId));
        browser.find("#orderLookup").click();
        WebElement details = browser.await(UI, "the order shown", driver -> {
            WebElement shown = driver.findElement(By.id("orderDetails"));
            return shown.isDisplayed() && shown.getText().contains(String.valueOf(owner)) ? shown : null;
        });
        assertThat(details.getText()).contains("PAID").contains(String.valueOf(orderId));
        browser.find("#refundSubmit").click();
        assertThat(browser.find("#orderStatus").getText()).as("a reason first").contains("reason");

        type("refundReason", "Listed at the wrong price");
        browser.find("#refundSubmit").click();
        browser.await(Duration.ofSeconds(40), "the order refunded", driver -> driver.findElement(By.id("orderDetails")).getText()
                .contains("REFUNDED"));
        assertThat(browser.find("#refundForm").isDisplayed()).as("nothing more to refund").isFalse();
        assertThat(system.queryLong("SELECT status FROM seckill_order WHERE id = ?", orderId)).isEqualTo(4);
        browser.await(UI, "the refund in the audit log", driver -> driver.findElements(By.cssSelector("#auditRows tr")).stream()
                .anyMatch(tr -> tr.getText().contains("order " + orderId) && tr.getText().contains("Listed at the wrong price")));
        browser.screenshot("admin-order-refunded", browser.find("#orderDetails"));
    }

    @Test
    void anAdministratorBlocksAUserAndLiftsTheBlock() {
        signedInAdministrator();
        long blocked = SeckillSystem.uniqueId();
        type("blockUser", String.valueOf(blocked));
        type("blockReason", "scripted buying");
        browser.find("#blockSubmit").click();

        String entryId = browser.await(UI, "the block listed", driver -> driver.findElements(By.cssSelector("#blacklistRows tr"))
                .stream().filter(tr -> tr.getText().contains(String.valueOf(blocked))).findFirst()
                .map(tr -> tr.getAttribute("data-entry-id")).orElse(null));
        WebElement entry = browser.find("#blacklistRows tr[data-entry-id='" + entryId + "']");
        assertThat(entry.getText()).contains("scripted buying").contains("until removed");
        String token = system.token(blocked, false);
        browser.await(Duration.ofSeconds(5), "the gateway applies it", driver ->
                "BLOCKED".equals(system.call("POST", "/api/seckill/1/token", token, null).body().path("code").asText()));

        browser.find("#blacklistRows tr[data-entry-id='" + entryId + "'] button").click();
        browser.await(UI, "the block removed", driver -> driver.findElements(By.cssSelector("#blacklistRows tr")).stream()
                .noneMatch(tr -> tr.getText().contains(String.valueOf(blocked))));
        assertThat(browser.find("#blacklistStatus").getText()).contains("removed");
    }
}
