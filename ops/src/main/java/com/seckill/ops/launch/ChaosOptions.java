package com.seckill.ops.launch;

import java.util.List;

/**
 * {@code ./seckill chaos [--nemesis [--seed S | --seeds S1,S2,... ] [--minutes M]]}, read and checked before
 * anything is stopped: the fault suite, or only the nemesis with its schedule drawn from a seed (printed when not
 * given, so that a failure replays) or one schedule per seed, lasting M minutes.
 *
 * @param nemesis only the nemesis
 * @param seed    one seed, or empty
 * @param seeds   seeds separated by commas, or empty
 * @param minutes how long each schedule lasts, or empty for the suite's own
 */
record ChaosOptions(boolean nemesis, String seed, String seeds, String minutes) {

    static final String USAGE = "./seckill chaos [--nemesis [--seed S | --seeds S1,S2,...] [--minutes M]]";

    /** @throws IllegalArgumentException saying what is wrong, for the user */
    static ChaosOptions parse(List<String> args) {
        boolean nemesis = false;
        String seed = "";
        String seeds = "";
        String minutes = "";
        for (int i = 0; i < args.size(); i++) {
            String option = args.get(i);
            if (option.equals("--nemesis")) {
                nemesis = true;
                continue;
            }
            if (!List.of("--seed", "--seeds", "--minutes").contains(option)) {
                throw new IllegalArgumentException("unknown chaos option: " + option + " (" + USAGE + ")");
            }
            if (i + 1 >= args.size()) {
                throw new IllegalArgumentException(option + " needs a value (" + USAGE + ")");
            }
            String value = args.get(++i);
            switch (option) {
                case "--seed" -> seed = value;
                case "--seeds" -> seeds = value;
                default -> minutes = value;
            }
        }
        if (!seed.isEmpty() && !seed.matches("[0-9]{1,18}")) {
            throw new IllegalArgumentException("--seed takes a whole number (at most 18 digits): " + seed);
        }
        if (!seeds.isEmpty() && !seeds.matches("[0-9]{1,18}(,[0-9]{1,18}){0,99}")) {
            throw new IllegalArgumentException("--seeds takes whole numbers separated by commas: " + seeds);
        }
        if (!seed.isEmpty() && !seeds.isEmpty()) {
            throw new IllegalArgumentException("--seed or --seeds, not both");
        }
        if (!minutes.isEmpty() && !minutes.matches("[0-9]{1,3}([.][0-9]+)?")) {
            throw new IllegalArgumentException("--minutes takes a number of minutes: " + minutes);
        }
        if (!nemesis && !(seed + seeds + minutes).isEmpty()) {
            throw new IllegalArgumentException("--seed, --seeds and --minutes go with --nemesis");
        }
        return new ChaosOptions(nemesis, seed, seeds, minutes);
    }

    /** One line the launcher reads with {@code read}: nemesis (true/false), seed, seeds, minutes, "-" for none. */
    String line() {
        return nemesis + " " + orDash(seed) + " " + orDash(seeds) + " " + orDash(minutes);
    }

    private static String orDash(String value) {
        return value.isEmpty() ? "-" : value;
    }
}
