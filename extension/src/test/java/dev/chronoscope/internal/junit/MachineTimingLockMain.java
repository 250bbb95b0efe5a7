package dev.chronoscope.internal.junit;

import java.util.Map;

/**
 * Takes the cross-JVM timing lock of a user whose home is the first argument and holds it until its
 * standard input closes (or it is killed): another JVM timing, for {@link MachineTimingLockTests}.
 */
public final class MachineTimingLockMain {

    private MachineTimingLockMain() {
    }

    public static void main(String[] args) throws Exception {
        System.out.println(MachineTimingLock.forUser(Map.of(), args[0]).acquire(true));
        System.out.flush();
        while (System.in.read() >= 0) {
            // hold the lock until stdin closes
        }
    }
}
