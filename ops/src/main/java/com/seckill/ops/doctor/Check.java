package com.seckill.ops.doctor;

/** One line of the checklist. */
public record Check(Level level, String name, String detail) {

    public enum Level { OK, WARN, FAIL }

    static Check ok(String name, String detail) {
        return new Check(Level.OK, name, detail);
    }

    static Check warn(String name, String detail) {
        return new Check(Level.WARN, name, detail);
    }

    static Check fail(String name, String detail) {
        return new Check(Level.FAIL, name, detail);
    }

    public String line() {
        return String.format("%-4s  %-40s %s", level, name, detail);
    }
}
