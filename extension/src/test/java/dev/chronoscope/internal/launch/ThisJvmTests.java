package dev.chronoscope.internal.launch;

import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.core.LauncherFactory;

import java.io.File;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ThisJvmTests {

    @Test
    void theChildsClassPathGetsTheLauncherWhereTheTestsClassPathLacksIt() throws Exception {
        String launcherJar = Path.of(LauncherFactory.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
        String testsOnly = String.join(File.pathSeparator, "/work/project/target/test-classes",
                "/work/project/target/classes");

        List<String> childs = List.of(ThisJvm.withLauncher(testsOnly).split(File.pathSeparator));

        assertThat(childs).startsWith("/work/project/target/test-classes", "/work/project/target/classes")
                .contains(launcherJar).doesNotHaveDuplicates();
        assertThat(ThisJvm.withLauncher(String.join(File.pathSeparator, childs)))
                .as("nothing added twice").isEqualTo(String.join(File.pathSeparator, childs));
    }
}
