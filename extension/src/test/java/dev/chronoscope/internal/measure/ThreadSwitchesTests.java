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
