package com.seckill.e2e;

import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A test class of the pages: one desktop-sized headless Chromium and one connection to the system for
 * the whole class, both closed after it; a failed test leaves its screenshot and console log.
 */
abstract class PageTest {

    /** How long a page may take to show what a test waits for. */
    static final Duration UI = Duration.ofSeconds(20);
    static SeckillSystem system;
    static Browser browser;

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
