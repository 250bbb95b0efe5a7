package dev.chronoscope.internal.junit;

import java.util.Map;

/**
 * Takes the cross-JVM timing lock of a user whose home is the first argument and holds it until its
 * standard input closes, or, with a second argument {@code until-killed}, until it is killed (a
 * process started in the background by a shell has no standard input to wait on): another JVM
 * timing, for {@link MachineTimingLockTests}.
 */
public final class MachineTimingLockMain {

    private MachineTimingLockMain() {
    }

    public static void main(String[] args) throws Exception {
        System.out.println(MachineTimingLock.forUser(Map.of(), args[0]).acquire(true));
        System.out.flush();
        if (args.length > 1 && args[1].equals("until-killed")) {
            Thread.sleep(Long.MAX_VALUE);
        }
        while (System.in.read() >= 0) {
            // hold the lock until stdin closes
        }
    }
}
