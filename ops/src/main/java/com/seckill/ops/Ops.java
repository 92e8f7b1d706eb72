package com.seckill.ops;

import com.seckill.ops.bench.Bench;
import com.seckill.ops.capacity.Capacity;
import com.seckill.ops.doctor.Doctor;
import com.seckill.ops.launch.Launch;
import java.util.Arrays;
import java.util.List;

/** The operators' tools the launcher runs: {@code java -jar .run/ops.jar doctor|capacity|bench|launch}. */
public final class Ops {

    private Ops() {
    }

    public static void main(String[] args) throws Exception {
        String tool = args.length == 0 ? "help" : args[0];
        switch (tool) {
            case "doctor" -> System.exit(Doctor.run(System.getenv(), System.out));
            case "capacity" -> System.exit(capacity(Arrays.asList(args).subList(1, args.length)));
            case "bench" -> System.exit(bench(Arrays.asList(args).subList(1, args.length)));
            case "launch" -> System.exit(Launch.run(System.getenv(), Arrays.asList(args).subList(1, args.length)));
            default -> {
                System.err.println("usage: ops doctor | ops capacity [sweep | --jtl FILE] | ops bench [overload] | ops launch COMMAND");
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
