package com.seckill.ops;

import com.seckill.ops.doctor.Doctor;
import com.seckill.ops.launch.Launch;
import java.util.Arrays;

/**
 * The operators' tool the launcher runs: {@code java -jar .run/ops.jar doctor|launch}. The load testers' tool
 * ({@code ./seckill bench}, {@code ./seckill capacity}) is the loadtest module.
 */
public final class Ops {

    private Ops() {
    }

    public static void main(String[] args) {
        String tool = args.length == 0 ? "help" : args[0];
        switch (tool) {
            case "doctor" -> System.exit(Doctor.run(System.getenv(), System.out));
            case "launch" -> System.exit(Launch.run(System.getenv(), Arrays.asList(args).subList(1, args.length)));
            default -> {
                System.err.println("usage: ops doctor | ops launch COMMAND");
                System.exit(2);
            }
        }
    }
}
