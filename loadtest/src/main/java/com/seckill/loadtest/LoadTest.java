package com.seckill.loadtest;

import com.seckill.loadtest.bench.Bench;
import com.seckill.loadtest.capacity.Capacity;
import java.util.Arrays;
import java.util.List;

/** The load testers' tool the launcher runs: {@code java -jar .run/loadtest.jar bench|capacity}. */
public final class LoadTest {

    private LoadTest() {
    }

    public static void main(String[] args) {
        String tool = args.length == 0 ? "help" : args[0];
        List<String> rest = Arrays.asList(args).subList(Math.min(1, args.length), args.length);
        switch (tool) {
            case "bench" -> System.exit(bench(rest));
            case "capacity" -> System.exit(capacity(rest));
            default -> {
                System.err.println("usage: loadtest bench [overload | waiting-room | cold] | loadtest capacity [sweep | --jtl FILE]");
                System.exit(2);
            }
        }
    }

    /** The bench's reason to stop, in one line (the launcher's output is in target/bench/launcher.log). */
    private static int bench(List<String> args) {
        try {
            return Bench.run(System.getenv(), args);
        } catch (Exception e) {
            System.err.println("bench: " + (e.getMessage() == null ? e : e.getMessage()));
            return 1;
        }
    }

    /** A run that cannot go on says why in one line (its details are in target/capacity/), not with a stack trace. */
    private static int capacity(List<String> args) {
        try {
            return Capacity.run(System.getenv(), args, System.out);
        } catch (Exception e) {
            System.err.println("capacity: " + e.getMessage());
            return 1;
        }
    }
}
