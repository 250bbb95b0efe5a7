package dev.chronoscope.internal.ffm;

import dev.chronoscope.internal.format.Text;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code MountOptions} is used to tell why a library extracted to a directory could not be loaded: the options of
 * the file system the directory lies on, read from {@code /proc/self/mountinfo}.
 */
final class MountOptions {

    private MountOptions() {
    }

    /**
     * Where the directory lies on a file system mounted {@code noexec} (as {@code /tmp} often is),
     * no library in it can be mapped executable: says so, and how to extract elsewhere.
     */
    static String noexecHint(Path dir) {
        return mountOptions(dir, Path.of("/proc/self/mountinfo")).filter(options -> options.contains("noexec"))
                .map(options -> " (" + dir
                        + " is on a file system mounted noexec, where no library can be loaded: set the system"
                        + " property " + NativeLibraryLoader.EXTRACT_DIR_PROPERTY
                        + " to a directory on an executable file system, e.g. "
                        + "-D" + NativeLibraryLoader.EXTRACT_DIR_PROPERTY
                        + "=target/chronoscope-native in Surefire's argLine)")
                .orElse("");
    }

    /** The mount options of the file system {@code dir} lies on, from a {@code mountinfo} file; empty if unknown. */
    static Optional<List<String>> mountOptions(Path dir, Path mountinfo) {
        try {
            Path absolute = dir.toAbsolutePath().normalize();
            Optional<List<String>> best = Optional.empty();
            int bestLength = -1;
            for (String line : Files.readAllLines(mountinfo, StandardCharsets.UTF_8)) {
                // id parent major:minor root mount-point options ... (proc(5))
                String[] f = Text.split(line, ' ');
                if (f.length < 6) {
                    continue;
                }
                Path mountPoint = Path.of(f[4].replace("\\040", " "));
                if (absolute.startsWith(mountPoint) && mountPoint.toString().length() > bestLength) {
                    bestLength = mountPoint.toString().length();
                    best = Optional.of(List.of(Text.split(f[5], ',')));
                }
            }
            return best;
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
