package com.seckill.ops.launch;

import java.io.PrintStream;

/** The launcher's voice: steps, successes, warnings and errors, coloured when {@code ./seckill} writes to a terminal. */
final class Console {

    private final PrintStream out;
    private final PrintStream err;
    private final boolean colour;

    Console(PrintStream out, PrintStream err, boolean colour) {
        this.out = out;
        this.err = err;
        this.colour = colour;
    }

    static Console of(LaunchSettings settings) {
        return new Console(System.out, System.err, !settings.get("SECKILL_COLOR", "").isEmpty());
    }

    void info(String text) {
        out.println(paint("1", "==>") + " " + text);
    }

    void ok(String text) {
        out.println(paint("32", "  ok") + " " + text);
    }

    void warn(String text) {
        err.println(paint("33", "warning:") + " " + text);
    }

    void error(String text) {
        err.println(paint("31", "error:") + " " + text);
    }

    void line(String text) {
        out.println(text);
    }

    PrintStream errors() {
        return err;
    }

    String bold(String text) {
        return paint("1", text);
    }

    String green(String text) {
        return paint("32", text);
    }

    private String paint(String code, String text) {
        return colour ? "\u001b[" + code + "m" + text + "\u001b[0m" : text;
    }
}
