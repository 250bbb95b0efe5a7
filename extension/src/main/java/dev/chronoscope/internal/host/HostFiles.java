package dev.chronoscope.internal.host;

import java.nio.file.Path;
import java.util.Objects;

/**
 * {@code HostFiles} is used to read the small text files ({@code /proc}, {@code /sys}) that describe
 * the host. It is an interface so tests can describe hosts we do not have
 * ({@code InMemoryHostFiles} in the tests); {@link #system()} reads the real file system.
 *
 * <p>Reading never throws: a file is {@link Content.Text present}, {@link Content.Absent absent}
 * (which often is a fact in itself, e.g. no cpufreq driver) or {@link Content.Unreadable unreadable}
 * with the reason.
 */
public interface HostFiles {

    /** What reading one file gave. */
    sealed interface Content {

        /** The file's whole text, as read. */
        record Text(String text) implements Content {
            public Text {
                Objects.requireNonNull(text, "text");
            }
        }

        /** The file does not exist. */
        record Absent() implements Content {
        }

        /** The file exists (or may exist) but could not be read. */
        record Unreadable(String reason) implements Content {
            public Unreadable {
                Objects.requireNonNull(reason, "reason");
            }
        }
    }

    /** Reads {@code path} whole; never throws. */
    Content read(Path path);

    /** The real file system. */
    static HostFiles system() {
        return SystemHostFiles.INSTANCE;
    }
}
