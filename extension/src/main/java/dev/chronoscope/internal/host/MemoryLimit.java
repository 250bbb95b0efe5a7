package dev.chronoscope.internal.host;

import java.util.Locale;

/**
 * A cgroup's memory limit: cgroup v1 {@code memory.limit_in_bytes}, v2 {@code memory.max}.
 *
 * @param bytes the limit, or {@value #NONE} where there is none ({@code max}; v1's "unlimited", a
 *              number at or above {@link #UNLIMITED_FROM})
 */
public record MemoryLimit(long bytes) {

    public static final long NONE = -1;
    /**
     * cgroup v1 writes "no limit" as PAGE_COUNTER_MAX pages in bytes (9223372036854771712 with 4 KiB
     * pages, less with larger pages); no machine has 2^62 bytes, so anything from here is no limit.
     */
    public static final long UNLIMITED_FROM = 1L << 62;

    public MemoryLimit {
        if (bytes < NONE) {
            throw new IllegalArgumentException("memory limit " + bytes + " bytes: expected a number >= 0 or " + NONE
                    + " (none)");
        }
    }

    public boolean limited() {
        return bytes != NONE;
    }

    /** {@code 536870912 bytes (512.0 MiB)}, or {@code none}. */
    @Override
    public String toString() {
        return limited() ? String.format(Locale.ROOT, "%d bytes (%.1f MiB)", bytes, bytes / 1048576.0) : "none";
    }
}
