package com.seckill.ops.launch;

/** What ServiceProcessesTest runs as a service: says which port and setting it was started with, then waits to be stopped. */
public final class SleepingService {

    private SleepingService() {
    }

    public static void main(String[] args) throws InterruptedException {
        System.out.println("listening on " + System.getenv("SERVER_PORT") + ", SECKILL_MARK=" + System.getenv("SECKILL_MARK"));
        Thread.sleep(120_000);
    }
}
