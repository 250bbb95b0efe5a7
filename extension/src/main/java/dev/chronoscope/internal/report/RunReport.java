package dev.chronoscope.internal.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Optional;

/**
 * Writes the run's report files into the report directory: {@value #HTML} ({@link HtmlReport}) and
 * {@value #JMH} ({@link JmhJson}), from all of the run's records there, whichever JVM wrote them.
 * Each file is written to a temporary file and renamed over the old one atomically, so forks that
 * finish together never leave a torn file, and the last JVM to finish leaves the complete report.
 */
public final class RunReport {

    public static final String HTML = "chronoscope-report.html";
    public static final String JMH = "chronoscope-jmh.json";

    private RunReport() {
    }

    /** What was written: the two files and the records they cover. */
    public record Written(Path html, Path jmh, RunRecords records) {
    }

    public static Written write(Path directory, RunRecords records, Optional<BaselineListing> listing) throws IOException {
        Path dir = directory.toAbsolutePath().normalize();
        Files.createDirectories(dir);
        Path html = dir.resolve(HTML);
        Path jmh = dir.resolve(JMH);
        replace(html, HtmlReport.render(records, "generated " + Instant.now(), listing));
        replace(jmh, JmhJson.render(records, JmhJson.Jvm.current()));
        return new Written(html, jmh, records);
    }

    /**
     * Removes an earlier run's report files from {@code directory}, for a run whose records could not
     * be read: left in place, they would pass for this run's.
     *
     * @return the files removed
     */
    public static java.util.List<Path> removeStale(Path directory) {
        java.util.List<Path> removed = new java.util.ArrayList<>();
        for (String name : java.util.List.of(HTML, JMH)) {
            Path file = directory.toAbsolutePath().normalize().resolve(name);
            try {
                if (Files.deleteIfExists(file)) {
                    removed.add(file);
                }
            } catch (IOException e) {
                // what cannot be removed stays; the message says which were
            }
        }
        return removed;
    }

    private static void replace(Path file, String content) throws IOException {
        Path temp = Files.createTempFile(file.getParent(), "." + file.getFileName() + ".", ".tmp");
        try {
            Files.writeString(temp, content, StandardCharsets.UTF_8);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
