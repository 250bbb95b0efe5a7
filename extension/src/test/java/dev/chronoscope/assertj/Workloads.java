package dev.chronoscope.assertj;

import java.util.function.Supplier;

/** Regions for the fixtures: chains of dependent multiply-adds the JIT can neither fold nor drop. */
final class Workloads {

    /** Not final: the JIT must not fold the chain. */
    static long mul = 6364136223846793005L;
    static long add = 1442695040888963407L;

    private Workloads() {
    }

    /** {@code steps} dependent multiply-adds (about a nanosecond each); every instance is one lambda class. */
    static Supplier<Object> chain(int steps) {
        return () -> {
            long m = mul;
            long a = add;
            long x = steps;
            for (int i = 0; i < steps; i++) {
                x = x * m + a;
            }
            return x;
        };
    }
}
