package dev.chronoscope.internal.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reads the real file system. */
final class SystemHostFiles implements HostFiles {

    static final SystemHostFiles INSTANCE = new SystemHostFiles();

    private SystemHostFiles() {
    }

    @Override
    public Content read(Path path) {
        try {
            // readAllBytes, not size-based reads: procfs and sysfs report sizes of 0 or 4096
            return new Content.Text(new String(Files.readAllBytes(path), StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            return new Content.Absent();
        } catch (AccessDeniedException e) {
            return new Content.Unreadable("permission denied");
        } catch (IOException | SecurityException e) {
            return new Content.Unreadable(e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()));
        }
    }

    @Override
    public String toString() {
        return "the file system";
    }
}
