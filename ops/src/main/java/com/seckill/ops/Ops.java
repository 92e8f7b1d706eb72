package com.seckill.ops;

import com.seckill.ops.doctor.Doctor;

/** The operators' tools the launcher runs: {@code java -jar ops/target/ops.jar doctor}. */
public final class Ops {

    private Ops() {
    }

    public static void main(String[] args) throws Exception {
        String tool = args.length == 0 ? "help" : args[0];
        switch (tool) {
            case "doctor" -> System.exit(Doctor.run(System.getenv(), System.out));
            default -> {
                System.err.println("usage: ops doctor");
                System.exit(2);
            }
        }
    }
}
