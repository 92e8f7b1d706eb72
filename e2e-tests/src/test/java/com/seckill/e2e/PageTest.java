package com.seckill.e2e;

import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;

/**
 * A test class of the pages: one desktop-sized headless Chromium and one connection to the system for
 * the whole class, both closed after it; a failed test leaves its screenshot and console log.
 */
abstract class PageTest {

    /** How long a page may take to show what a test waits for. */
    static final Duration UI = Duration.ofSeconds(20);
    static SeckillSystem system;
    static Browser browser;

    /**
     * How far ahead to set a start the page must be seen before: at least {@code least}, and five times
     * what a reload of the shop takes on this machine now, so a slow machine cannot make the test late.
     */
    static Duration leadTime(Duration least) {
        long began = System.nanoTime();
        browser.open("/");
        browser.await(UI, "the shop reloaded and signed in", driver -> !driver.findElements(By.cssSelector("#account .who")).isEmpty());
        Duration lead = Duration.ofNanos(System.nanoTime() - began).multipliedBy(5);
        return lead.compareTo(least) > 0 ? lead : least;
    }

    @RegisterExtension
    static final Browser.Evidence evidence = new Browser.Evidence(() -> browser);

    @BeforeAll
    static void openBrowser() {
        system = new SeckillSystem();
        browser = new Browser(1280, 900);
    }

    @AfterAll
    static void closeBrowser() {
        try {
            if (browser != null) {
                browser.close();
            }
        } finally {
            browser = null;
            system.close();
        }
    }
}
