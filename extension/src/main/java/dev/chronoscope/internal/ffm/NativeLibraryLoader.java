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
                Path file = extracted.get();
                try {
                    SymbolLookup lookup = SymbolLookup.libraryLookup(file, Arena.global());
                    return new Result(Optional.of(lookup), "bundled " + resource + " (extracted to " + file
                            + ", removed once loaded)", "");
                } catch (RuntimeException e) {
                    throw new IOException(describe(e) + noexecHint(file.getParent()), e);
                } finally {
                    // loaded or not, the copy is no longer needed: the kernel keeps a loaded library mapped
                    Files.deleteIfExists(file);
                    Files.deleteIfExists(file.getParent());
                }
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
        String actual = sha256(Files.readAllBytes(target));
        if (!actual.equals(expectedSha256)) {
            Files.deleteIfExists(target);
            Files.deleteIfExists(dir);
            throw new IOException("extracted " + target + " has SHA-256 " + actual + ", expected " + expectedSha256);
        }
        return Optional.of(target);
    }

    static Path createPrivateDirectory() throws IOException {
        String configured = System.getProperty(EXTRACT_DIR_PROPERTY);
        Path parent = configured == null ? Path.of(System.getProperty("java.io.tmpdir")) : Path.of(configured);
        Files.createDirectories(parent);
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            return Files.createTempDirectory(parent, "chronoscope-",
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        return Files.createTempDirectory(parent, "chronoscope-");
    }

    /**
     * Where the directory lies on a file system mounted {@code noexec} (as {@code /tmp} often is),
     * no library in it can be mapped executable: says so, and how to extract elsewhere.
     */
    static String noexecHint(Path dir) {
        return mountOptions(dir, Path.of("/proc/self/mountinfo")).filter(options -> options.contains("noexec"))
                .map(options -> " (" + dir + " is on a file system mounted noexec, where no library can be loaded: set the "
                        + "system property " + EXTRACT_DIR_PROPERTY + " to a directory on an executable file system, e.g. "
                        + "-D" + EXTRACT_DIR_PROPERTY + "=target/chronoscope-native in Surefire's argLine)")
                .orElse("");
    }

    /** The mount options of the file system {@code dir} lies on, from a {@code mountinfo} file; empty if unknown. */
    static Optional<java.util.List<String>> mountOptions(Path dir, Path mountinfo) {
        try {
            Path absolute = dir.toAbsolutePath().normalize();
            Optional<java.util.List<String>> best = Optional.empty();
            int bestLength = -1;
            for (String line : Files.readAllLines(mountinfo, StandardCharsets.UTF_8)) {
                // id parent major:minor root mount-point options ... (proc(5))
                String[] f = line.split(" ");
                if (f.length < 6) {
                    continue;
                }
                Path mountPoint = Path.of(f[4].replace("\\040", " "));
                if (absolute.startsWith(mountPoint) && mountPoint.toString().length() > bestLength) {
                    bestLength = mountPoint.toString().length();
                    best = Optional.of(java.util.List.of(f[5].split(",")));
                }
            }
            return best;
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
