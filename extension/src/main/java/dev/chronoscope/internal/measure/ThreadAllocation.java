package dev.chronoscope.internal.measure;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The bytes the current thread has allocated on the heap, as HotSpot counts them
 * ({@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}): exact to the byte,
 * TLAB allocations included, per thread — so only what the measuring thread allocates counts. A
 * read costs tens of nanoseconds: read around a loop, never per sample.
 */
public final class ThreadAllocation {

    private static final com.sun.management.ThreadMXBean BEAN;
    private static final String UNAVAILABLE;

    static {
        com.sun.management.ThreadMXBean bean = null;
        String why = "";
        try {
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            if (!(threads instanceof com.sun.management.ThreadMXBean b)) {
                why = "this JVM's ThreadMXBean (" + threads.getClass().getName() + ") does not count allocated bytes";
            } else if (!b.isThreadAllocatedMemorySupported()) {
                why = "this JVM does not support counting a thread's allocated bytes";
            } else {
                if (!b.isThreadAllocatedMemoryEnabled()) {
                    b.setThreadAllocatedMemoryEnabled(true);
                }
                bean = b;
            }
        } catch (LinkageError | RuntimeException e) {
            why = "the jdk.management module is not available: " + e;
        }
        BEAN = bean;
        UNAVAILABLE = why;
    }

    private ThreadAllocation() {
    }

    public static boolean isAvailable() {
        return BEAN != null;
    }

    /** Why allocation cannot be counted here; empty when it can. */
    public static String unavailableReason() {
        return UNAVAILABLE;
    }

    /** The bytes the calling thread has allocated so far; 0 where that cannot be counted. */
    public static long bytes() {
        return BEAN == null ? 0 : BEAN.getCurrentThreadAllocatedBytes();
    }
}
