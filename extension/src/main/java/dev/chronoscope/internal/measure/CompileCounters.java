package dev.chronoscope.internal.measure;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * HotSpot's own compilation counters, read from its performance-data file
 * ({@code /tmp/hsperfdata_<user>/<pid>}, memory the JVM updates as it compiles; what {@code jstat
 * -printcompilation} reads): how many compilations the JIT has finished ({@code sun.ci.totalCompiles})
 * and which method it finished last ({@code sun.ci.lastMethod}, {@code "pkg/Class method"}) and how
 * ({@code sun.ci.lastType}). The file
 * is mapped once; a reading is two loads from it, no system call and no garbage.
 *
 * <p>Absent when the JVM keeps no such file ({@code -XX:-UsePerfData},
 * {@code -XX:+PerfDisableSharedMem}, another JVM), with the reason: the warm-ups then rely on the
 * JIT's quiet alone ({@link CompilerWatch}).
 */
final class CompileCounters {

    /** The first word of HotSpot's performance-data file: a file starting otherwise is not one to read. */
    private static final int MAGIC = 0xcafec0c0;
    private static final String TOTAL = "sun.ci.totalCompiles";
    private static final String LAST_METHOD = "sun.ci.lastMethod";
    private static final String LAST_TYPE = "sun.ci.lastType";

    private final MappedByteBuffer data;
    private final int totalOffset;
    private final int lastMethodOffset;
    private final int lastMethodLength;
    private final int lastTypeOffset;

    private CompileCounters(MappedByteBuffer data, int totalOffset, int lastMethodOffset, int lastMethodLength,
                            int lastTypeOffset) {
        this.data = data;
        this.lastTypeOffset = lastTypeOffset;
        this.totalOffset = totalOffset;
        this.lastMethodOffset = lastMethodOffset;
        this.lastMethodLength = lastMethodLength;
    }

    /** This JVM's counters, or the reason they cannot be read. */
    static Opened open() {
        long pid = ProcessHandle.current().pid();
        java.util.Optional<Path> found = locate(Path.of("/tmp"), System.getProperty("user.name", ""), pid);
        if (found.isEmpty()) {
            return new Opened(null, "no performance-data file /tmp/hsperfdata_*/" + pid
                    + ": the JVM runs with -XX:-UsePerfData or"
                    + " -XX:+PerfDisableSharedMem, or is not HotSpot");
        }
        Path file = found.get();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            MappedByteBuffer data = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
            return parse(data, file);
        } catch (IOException | RuntimeException e) {
            return new Opened(null, "could not map " + file + ": " + e);
        }
    }

    /**
     * HotSpot's file for process {@code pid}: {@code <tmp>/hsperfdata_<user>/<pid>}, the user being
     * the one the JVM runs as. Where {@code user.name} is not that name (a container user with no
     * name, say), the one {@code hsperfdata_*} directory holding a file for {@code pid}; none when
     * two do (another user's JVM with the same pid in another namespace: not ours to guess).
     */
    static java.util.Optional<Path> locate(Path tmp, String user, long pid) {
        Path named = tmp.resolve("hsperfdata_" + user).resolve(Long.toString(pid));
        if (!user.isEmpty() && Files.isRegularFile(named)) {
            return java.util.Optional.of(named);
        }
        java.util.List<Path> candidates = new java.util.ArrayList<>();
        try (java.nio.file.DirectoryStream<Path> dirs = Files.newDirectoryStream(tmp, "hsperfdata_*")) {
            for (Path dir : dirs) {
                Path file = dir.resolve(Long.toString(pid));
                if (Files.isRegularFile(file)) {
                    candidates.add(file);
                }
            }
        } catch (IOException | RuntimeException e) {
            return java.util.Optional.empty();
        }
        return candidates.size() == 1 ? java.util.Optional.of(candidates.get(0)) : java.util.Optional.empty();
    }

    /** Finds the two counters among the file's entries (layout: HotSpot's perfMemory.hpp). */
    static Opened parse(MappedByteBuffer data, Object source) {
        if (data.capacity() < 32) {
            return new Opened(null, source + " holds " + data.capacity()
                    + " bytes, fewer than a performance-data header");
        }
        data.order(ByteOrder.BIG_ENDIAN);
        if (data.getInt(0) != MAGIC) {
            return new Opened(null, String.format(java.util.Locale.ROOT, "%s starts with 0x%08x, not HotSpot's 0x%08x",
                    source, data.getInt(0), MAGIC));
        }
        data.order(data.get(4) == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        int entryOffset = data.getInt(24);
        int entries = data.getInt(28);
        int total = -1;
        int type = -1;
        int last = -1;
        int lastLength = 0;
        int at = entryOffset;
        for (int i = 0; i < entries && at > 0 && at + 20 <= data.capacity(); i++) {
            int length = data.getInt(at);
            int nameOffset = data.getInt(at + 4);
            int vectorLength = data.getInt(at + 8);
            byte dataType = data.get(at + 12);
            int dataOffset = data.getInt(at + 16);
            String name = name(data, at + nameOffset);
            if (TOTAL.equals(name) && dataType == 'J' && vectorLength == 0) {
                total = at + dataOffset;
            } else if (LAST_TYPE.equals(name) && dataType == 'J' && vectorLength == 0) {
                type = at + dataOffset;
            } else if (LAST_METHOD.equals(name) && dataType == 'B' && vectorLength > 0) {
                last = at + dataOffset;
                lastLength = vectorLength;
            }
            if (length <= 0) {
                break;
            }
            at += length;
        }
        if (total < 0 || last < 0 || type < 0) {
            return new Opened(null, source + " has no " + (total < 0 ? TOTAL : last < 0 ? LAST_METHOD : LAST_TYPE)
                    + " counter");
        }
        return new Opened(new CompileCounters(data, total, last, lastLength, type), "");
    }

    private static String name(MappedByteBuffer data, int from) {
        int end = from;
        while (end < data.capacity() && data.get(end) != 0) {
            end++;
        }
        byte[] bytes = new byte[end - from];
        data.get(from, bytes);
        return new String(bytes, StandardCharsets.US_ASCII);
    }

    /** The counters, or why there are none. */
    record Opened(CompileCounters counters, String unavailableReason) {
    }

    /** Compilations the JIT has finished in this JVM. */
    long finished() {
        return data.getLong(totalOffset);
    }

    /**
     * True when the method the JIT finished last is {@code classAndMethod} (ASCII, the class's
     * internal name, a space, the method's name: see {@link CompilerWatch#entryName}). Reads the
     * counter in place.
     */
    boolean lastIs(byte[] classAndMethod) {
        if (classAndMethod.length >= lastMethodLength) {
            return false;
        }
        for (int i = 0; i < classAndMethod.length; i++) {
            if (data.get(lastMethodOffset + i) != classAndMethod[i]) {
                return false;
            }
        }
        byte next = data.get(lastMethodOffset + classAndMethod.length);
        return next == 0;
    }

    /** The kind of the compilation the JIT finished last: 1 standard, 2 on-stack replacement, 3 native wrapper. */
    long lastType() {
        return data.getLong(lastTypeOffset);
    }

    /** The method the JIT finished last, as HotSpot names it (for messages and tests). */
    String last() {
        return name(data, lastMethodOffset);
    }
}
