package dev.chronoscope.internal.measure;

/** Prints what one page-fault read costs ({@link PageFaults#minor()}), warm: the page-fault self-check reads twice per timing. */
public final class SelfCheckCostMain {
    public static void main(String[] args) {
        for (int round = 0; round < 5; round++) {
            long t0 = System.nanoTime();
            long sum = 0;
            for (int i = 0; i < 10_000; i++) {
                sum += PageFaults.minor();
            }
            System.out.printf("PageFaults.minor(): %.2f us per read (%d)%n", (System.nanoTime() - t0) / 10_000 / 1e3, sum & 1);
        }
    }
}
