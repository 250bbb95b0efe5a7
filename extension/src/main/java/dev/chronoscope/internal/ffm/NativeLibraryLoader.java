package dev.chronoscope.internal.ffm;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Finds one of Chronoscope's native libraries: first the copy bundled in the jar under
 * {@code dev/chronoscope/native/<os>-<arch>/}, extracted once per JVM into a private (0700)
 * temporary directory and checked against its SHA-256, then a system copy on
 * {@code java.library.path}. When neither loads, the result carries the reason for each attempt.
 */
public final class NativeLibraryLoader {

    /** Set to a directory to extract native libraries there instead of the JVM's temp directory. */
    public static final String EXTRACT_DIR_PROPERTY = "chronoscope.native.dir";

    private NativeLibraryLoader() {
    }

    /** A loaded library, or why none could be. */
    public record Result(Optional<SymbolLookup> lookup, String source, String failureReason) {
        public boolean loaded() {
            return lookup.isPresent();
        }
    }

    public static Result load(String baseName) {
        Platform platform = Platform.current();
        String fileName = "lib" + baseName + ".so";
        if (!platform.isLinux()) {
            return failed("native probe not available on " + platform + ": Chronoscope ships it for linux-x86_64 and linux-aarch64");
        }
        StringBuilder reasons = new StringBuilder();
        String resource = "/dev/chronoscope/native/" + platform.folder() + "/" + fileName;
        try {
            Optional<Path> extracted = extract(resource, fileName);
            if (extracted.isPresent()) {
                SymbolLookup lookup = SymbolLookup.libraryLookup(extracted.get(), Arena.global());
                return new Result(Optional.of(lookup), "bundled " + resource + " (extracted to " + extracted.get() + ")", "");
            }
            reasons.append("no bundled ").append(fileName).append(" for ").append(platform)
                    .append(" (built without a C compiler, or platform not built)");
        } catch (IOException | RuntimeException e) {
            reasons.append("bundled ").append(fileName).append(" could not be loaded: ").append(describe(e));
        }
        String libraryPath = System.getProperty("java.library.path", "");
        for (String dir : libraryPath.split(java.io.File.pathSeparator)) {
            if (dir.isBlank()) {
                continue;
            }
            Path candidate = Path.of(dir, fileName);
            if (Files.isReadable(candidate)) {
                try {
                    SymbolLookup lookup = SymbolLookup.libraryLookup(candidate, Arena.global());
                    return new Result(Optional.of(lookup), "system " + candidate, "");
                } catch (RuntimeException e) {
                    reasons.append("; system ").append(candidate).append(" could not be loaded: ").append(describe(e));
                }
            }
        }
        reasons.append("; none on java.library.path");
        return failed(reasons.toString());
    }

    private static Result failed(String reason) {
        return new Result(Optional.empty(), "none", reason);
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    private static Optional<Path> extract(String resource, String fileName) throws IOException {
        byte[] library;
        String expectedSha256;
        try (InputStream in = NativeLibraryLoader.class.getResourceAsStream(resource);
             InputStream sum = NativeLibraryLoader.class.getResourceAsStream(resource + ".sha256")) {
            if (in == null) {
                return Optional.empty();
            }
            if (sum == null) {
                throw new IOException("checksum " + resource + ".sha256 missing from the jar");
            }
            library = in.readAllBytes();
            expectedSha256 = new String(sum.readAllBytes(), StandardCharsets.US_ASCII).trim();
        }
        Path dir = createPrivateDirectory();
        Path target = dir.resolve(fileName);
        Path partial = dir.resolve(fileName + ".part");
        Files.write(partial, library);
        Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
        target.toFile().deleteOnExit();
        dir.toFile().deleteOnExit();
        String actual = sha256(Files.readAllBytes(target));
        if (!actual.equals(expectedSha256)) {
            throw new IOException("extracted " + target + " has SHA-256 " + actual + ", expected " + expectedSha256);
        }
        return Optional.of(target);
    }

    private static Path createPrivateDirectory() throws IOException {
        String configured = System.getProperty(EXTRACT_DIR_PROPERTY);
        Path parent = configured == null ? Path.of(System.getProperty("java.io.tmpdir")) : Path.of(configured);
        Files.createDirectories(parent);
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            return Files.createTempDirectory(parent, "chronoscope-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        return Files.createTempDirectory(parent, "chronoscope-");
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
