package dev.chronoscope.internal.host;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * {@code InMemoryHostFiles} is used to describe a host's {@code /proc} and {@code /sys} files in a
 * test: every file not given is absent. Immutable; each {@code with…} returns a new instance, so one
 * described host can be varied ("the same, but clocksource hpet").
 */
public final class InMemoryHostFiles implements HostFiles {

    private final Map<Path, Content> files;

    private InMemoryHostFiles(Map<Path, Content> files) {
        this.files = Map.copyOf(files);
    }

    /** A host on which every file is absent. */
    public static InMemoryHostFiles empty() {
        return new InMemoryHostFiles(Map.of());
    }

    /** The same files, plus {@code path} with {@code text}. */
    public InMemoryHostFiles withFile(String path, String text) {
        return with(Path.of(path), new Content.Text(text));
    }

    /** The same files, plus {@code path} that exists but cannot be read, for {@code reason}. */
    public InMemoryHostFiles withUnreadable(String path, String reason) {
        return with(Path.of(path), new Content.Unreadable(reason));
    }

    /** The same files, without {@code path}. */
    public InMemoryHostFiles without(String path) {
        Map<Path, Content> copy = new HashMap<>(files);
        copy.remove(Path.of(path));
        return new InMemoryHostFiles(copy);
    }

    private InMemoryHostFiles with(Path path, Content content) {
        Map<Path, Content> copy = new HashMap<>(files);
        copy.put(path, content);
        return new InMemoryHostFiles(copy);
    }

    @Override
    public Content read(Path path) {
        return files.getOrDefault(path, new Content.Absent());
    }

    @Override
    public String toString() {
        return "in-memory host files " + files.keySet();
    }
}
