package com.seckill.e2e;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestWatcher;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real, headless Chromium (Debian's {@code chromium} and {@code chromium-driver}, which the launcher
 * installs) on the gateway's pages. Screenshots go to {@code target/screenshots/}; a failed test leaves
 * its page's screenshot and the browser console there too ({@link Evidence}).
 */
final class Browser implements AutoCloseable {

    static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final String CHROMIUM = System.getenv().getOrDefault("SECKILL_CHROMIUM", "/usr/bin/chromium");
    private static final String DRIVER = System.getenv().getOrDefault("SECKILL_CHROMEDRIVER", "/usr/bin/chromedriver");

    final ChromeDriver driver;
    private final String gateway = System.getenv().getOrDefault("SECKILL_GATEWAY_URL", "http://127.0.0.1:8080");

    /** A browser window of this size: 1280x900 a desktop, 390x844 a phone. */
    Browser(int width, int height) {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--lang=en-US",
                "--window-size=" + width + "," + height, "--no-first-run", "--disable-extensions");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(DRIVER))
                .usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
    }

    /**
     * Loads a page. Chromium under a loaded machine now and then loses track of its renderer during a load
     * ("Timed out receiving message from renderer"), the page half drawn and idle: that load is asked for once
     * more, and a page that truly does not load fails the second time too.
     */
    void open(String path) {
        try {
            driver.get(gateway + path);
        } catch (TimeoutException e) {
            System.err.println("Page load of " + path + " timed out, loading it once more: " + e.getRawMessage());
            driver.get(gateway + path);
        }
    }

    WebElement find(String css) {
        return driver.findElement(By.cssSelector(css));
    }

    List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    /**
     * Waits up to {@code limit} for the condition; fails with {@code what} if it does not come. The
     * pages re-render as figures arrive: an element replaced under the check is looked up again.
     */
    <T> T await(Duration limit, String what, ExpectedCondition<T> condition) {
        return new WebDriverWait(driver, limit, Duration.ofMillis(50)).withMessage(what)
                .ignoring(StaleElementReferenceException.class).until(condition);
    }

    Object script(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    /** A text an element showed, with whether it was disabled, and when (the page's clock, ms since the epoch). */
    record Seen(String text, boolean disabled, long at) {
    }

    /**
     * From now until the page is left, every state the elements matching {@code css} show, noted by the
     * page itself as it changes: a state that lasts only a moment is kept however slowly the test looks.
     */
    void recordStates(String css) {
        script("""
                const css = arguments[0];
                window.__seen = [];
                const last = new WeakMap(); // per element: one that appears later does not shift the others
                const note = () => document.querySelectorAll(css).forEach(e => {
                  const now = { text: e.textContent, disabled: e.disabled === true, at: Date.now() };
                  const before = last.get(e);
                  if (!before || before.text !== now.text || before.disabled !== now.disabled) {
                    last.set(e, now);
                    window.__seen.push(now);
                  }
                });
                note();
                new MutationObserver(note).observe(document.body,
                    { subtree: true, childList: true, characterData: true, attributes: true });""", css);
    }

    /** What {@link #recordStates} has seen so far, oldest first. */
    List<Seen> seenStates() {
        @SuppressWarnings("unchecked")
        List<java.util.Map<String, Object>> seen = (List<java.util.Map<String, Object>>) script("return window.__seen || []");
        return seen.stream().map(s -> new Seen((String) s.get("text"), Boolean.TRUE.equals(s.get("disabled")),
                ((Number) s.get("at")).longValue())).toList();
    }

    /** The window as the user sees it, as a PNG under target/screenshots/. */
    Path screenshot(String name) throws IOException {
        Files.createDirectories(SCREENSHOTS);
        Path file = SCREENSHOTS.resolve(name + ".png");
        Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
        return file;
    }

    /** The window scrolled so that {@code element} sits in its middle. */
    Path screenshot(String name, WebElement element) throws IOException {
        script("arguments[0].scrollIntoView({block: 'center'})", element);
        return screenshot(name);
    }

    /** What the page wrote to its console (errors included). */
    String console() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream().map(LogEntry::toString)
                .collect(Collectors.joining("\n"));
    }

    @Override
    public void close() {
        driver.quit();
    }

    /**
     * On a failed test: the page as it was and its console, beside the screenshots
     * ({@code target/screenshots/<class>-<test>-failure.png} and {@code .console.log}).
     */
    static final class Evidence implements TestWatcher {

        private final java.util.function.Supplier<Browser> browser;

        Evidence(java.util.function.Supplier<Browser> browser) {
            this.browser = browser;
        }

        @Override
        public void testFailed(ExtensionContext context, Throwable cause) {
            Browser current = browser.get();
            if (current == null) {
                return;
            }
            String name = context.getRequiredTestClass().getSimpleName() + "-" + context.getRequiredTestMethod().getName() + "-failure";
            try {
                current.screenshot(name);
                Files.writeString(SCREENSHOTS.resolve(name + ".console.log"), "URL: " + current.driver.getCurrentUrl() + "\n"
                        + current.console());
            } catch (IOException | RuntimeException e) {
                System.err.println("No evidence for " + name + ": " + e);
            }
        }
    }
}
