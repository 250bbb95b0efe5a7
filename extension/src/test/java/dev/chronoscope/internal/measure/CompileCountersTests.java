package dev.chronoscope.internal.measure;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class CompileCountersTests {

    @TempDir
    Path dir;

    /** A performance-data file in HotSpot's layout (perfMemory.hpp): header, then one entry per counter. */
    private MappedByteBuffer file(int magic, Map<String, Object> counters) throws IOException {
        ByteBuffer data = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
        data.order(ByteOrder.BIG_ENDIAN).putInt(0, magic).order(ByteOrder.LITTLE_ENDIAN);
        data.put(4, (byte) 1); // little-endian
        data.putInt(24, 32);
        data.putInt(28, counters.size());
        int at = 32;
        for (Map.Entry<String, Object> counter : counters.entrySet()) {
            byte[] name = (counter.getKey() + "\0").getBytes(StandardCharsets.US_ASCII);
            boolean text = counter.getValue() instanceof String;
            byte[] value = text ? java.util.Arrays.copyOf(((String) counter.getValue()).getBytes(StandardCharsets.US_ASCII), 64) : new byte[8];
            int nameOffset = 20;
            int dataOffset = (nameOffset + name.length + 7) & ~7;
            int length = dataOffset + value.length;
            data.putInt(at, length).putInt(at + 4, nameOffset).putInt(at + 8, text ? value.length : 0);
            data.put(at + 12, (byte) (text ? 'B' : 'J'));
            data.putInt(at + 16, dataOffset);
            data.put(at + nameOffset, name);
            if (text) {
                data.put(at + dataOffset, value);
            } else {
                data.putLong(at + dataOffset, (Long) counter.getValue());
            }
            at += length;
        }
        Path file = dir.resolve("perfdata");
        Files.write(file, data.array());
        try (FileChannel channel = FileChannel.open(file)) {
            return channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
        }
    }

    private static Map<String, Object> counters(long total, String last, long type) {
        Map<String, Object> counters = new LinkedHashMap<>();
        counters.put("sun.ci.lastFailedMethod", "");
        counters.put("sun.ci.lastMethod", last);
        counters.put("sun.ci.lastType", type);
        counters.put("sun.ci.totalCompiles", total);
        return counters;
    }

    @Test
    void readsTheCompilationsFinishedAndTheLastMethodInPlace() throws IOException {
        CompileCounters.Opened opened = CompileCounters.parse(file(0xcafec0c0, counters(4711, "com/acme/Parser parse", 1)), "test file");

        CompileCounters counters = opened.counters();
        assertThat(opened.unavailableReason()).isEmpty();
        assertThat(counters.finished()).isEqualTo(4711);
        assertThat(counters.lastType()).isEqualTo(1);
        assertThat(counters.last()).isEqualTo("com/acme/Parser parse");
        assertThat(counters.lastIs("com/acme/Parser parse".getBytes(StandardCharsets.US_ASCII))).isTrue();
        assertThat(counters.lastIs("com/acme/Parser pars".getBytes(StandardCharsets.US_ASCII))).as("a prefix is not the method").isFalse();
        assertThat(counters.lastIs("com/acme/Parser parseAll".getBytes(StandardCharsets.US_ASCII))).isFalse();
    }

    @Test
    void aFileThatIsNotHotSpotsOrLacksACounterIsSaidWithTheReason() throws IOException {
        assertThat(CompileCounters.parse(file(0x12345678, counters(1, "a b", 1)), "test file").unavailableReason())
                .isEqualTo("test file starts with 0x12345678, not HotSpot's 0xcafec0c0");
        Map<String, Object> noType = counters(1, "a b", 1);
        noType.remove("sun.ci.lastType");
        CompileCounters.Opened opened = CompileCounters.parse(file(0xcafec0c0, noType), "test file");
        assertThat(opened.counters()).isNull();
        assertThat(opened.unavailableReason()).isEqualTo("test file has no sun.ci.lastType counter");
    }

    @Test
    void thisJvmsCountersMoveAsTheJitCompiles() {
        CompileCounters.Opened opened = CompileCounters.open();
        assertThat(opened.unavailableReason()).as("this test JVM keeps HotSpot's performance data").isEmpty();
        CompileCounters counters = opened.counters();
        assertThat(counters.finished()).isPositive();
        assertThat(counters.last()).contains(" ");
    }

    @Test
    void findsThisJvmsFileUnderItsUserOrAloneUnderAnother() throws IOException {
        Path tmp = dir.resolve("tmp");
        Files.createDirectories(tmp.resolve("hsperfdata_alice"));
        Files.createDirectories(tmp.resolve("hsperfdata_bob"));
        Files.writeString(tmp.resolve("hsperfdata_alice").resolve("42"), "");
        assertThat(CompileCounters.locate(tmp, "alice", 42)).contains(tmp.resolve("hsperfdata_alice").resolve("42"));
        assertThat(CompileCounters.locate(tmp, "?", 42)).as("a user name the JVM does not use")
                .contains(tmp.resolve("hsperfdata_alice").resolve("42"));
        assertThat(CompileCounters.locate(tmp, "alice", 43)).isEmpty();
        Files.writeString(tmp.resolve("hsperfdata_bob").resolve("42"), "");
        assertThat(CompileCounters.locate(tmp, "?", 42)).as("two files for the pid: not ours to guess").isEmpty();
        assertThat(CompileCounters.locate(tmp, "bob", 42)).contains(tmp.resolve("hsperfdata_bob").resolve("42"));
    }
}
