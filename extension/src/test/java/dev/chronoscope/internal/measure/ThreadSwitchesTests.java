package dev.chronoscope.internal.measure;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class ThreadSwitchesTests {

    @Test
    void readsTheInvoluntaryCountOfAThreadStatusFile(@TempDir Path dir) throws Exception {
        Path status = Files.writeString(dir.resolve("status"), """
                Name:\tjava
                voluntary_ctxt_switches:\t1520
                nonvoluntary_ctxt_switches:\t37
                """);
        assertThat(ThreadSwitches.involuntary(status)).isEqualTo(37);
        assertThat(ThreadSwitches.involuntary(dir.resolve("absent"))).isEqualTo(-1);
        assertThat(ThreadSwitches.involuntary(Files.writeString(dir.resolve("other"), "Name:\tjava\n"))).isEqualTo(-1);
    }

    @Test
    void readsTheVoluntaryCountApartFromTheInvoluntaryOneWhoseNameEndsTheSame(@TempDir Path dir) throws Exception {
        Path involuntaryFirst = Files.writeString(dir.resolve("status"), """
                Name:	java
                nonvoluntary_ctxt_switches:	37
                voluntary_ctxt_switches:	1520
                """);
        assertThat(ThreadSwitches.voluntary(involuntaryFirst)).isEqualTo(1520);
        assertThat(ThreadSwitches.involuntary(involuntaryFirst)).isEqualTo(37);
        assertThat(ThreadSwitches.voluntary(Files.writeString(dir.resolve("only-involuntary"),
                "nonvoluntary_ctxt_switches:\t37\n"))).as("no line of its own").isEqualTo(-1);
        if (Files.isReadable(ThreadSwitches.STATUS)) {
            long before = ThreadSwitches.voluntary();
            Thread.sleep(5);
            assertThat(ThreadSwitches.voluntary()).as("a sleep waits").isGreaterThan(before);
        }
    }

    @Test
    void aRecorderAddsTheSwitchesOfEachStretchItCounted() {
        SampleRecorder recorder = new SampleRecorder(4);
        assertThat(recorder.involuntarySwitches()).as("not counted yet").isEqualTo(-1);
        recorder.startCountingSwitches();
        recorder.stopCountingSwitches();
        if (Files.isReadable(ThreadSwitches.STATUS)) {
            assertThat(recorder.involuntarySwitches()).isNotNegative();
        } else {
            assertThat(recorder.involuntarySwitches()).isEqualTo(-1);
        }
    }
}
