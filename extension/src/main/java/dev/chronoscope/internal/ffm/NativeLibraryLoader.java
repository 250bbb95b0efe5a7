package dev.chronoscope.internal.ffm;

import dev.chronoscope.ChronoscopeConfig;
import dev.chronoscope.internal.format.Text;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Finds one of Chronoscope's native libraries: first the copy bundled in the jar under
 * {@code dev/chronoscope/native/<os>-<arch>/}, then a system copy on {@code java.library.path}.
 * When neither loads, the result carries the reason for each attempt.
 *
 * <p>The bundled copy is loaded through a file descriptor, {@code /proc/self/fd/N}, after its
 * SHA-256 was checked through the same descriptor: no path is opened twice, so nothing can be
 * swapped in between the check and the load. It lives in an in-memory file ({@code memfd_create});
 * where that is impossible, or where {@value #EXTRACT_DIR_PROPERTY} names a directory, it is
 * extracted into a new 0700 directory there, whose parent no other user may write (a sticky one such
 * as {@code /tmp} excepted), and removed once loaded. The descriptor stays open for the JVM's life:
 * its path is the library's name to the dynamic loader, and must not name another file later.
 */
public final class NativeLibraryLoader {

    /**
     * Set to a directory to extract native libraries there instead of loading them from memory ({@link
     * ChronoscopeConfig#NATIVE_DIR_PROPERTY}).
     */
    public static final String EXTRACT_DIR_PROPERTY = ChronoscopeConfig.NATIVE_DIR_PROPERTY;

    private static final int S_IFMT = 0170000;
    private static final int S_IFREG = 0100000;
    private static final int S_IFDIR = 0040000;
    private static final int S_ISVTX = 01000;

    private NativeLibraryLoader() {
    }

    /** A loaded library, or why none could be. */
    public record Result(Optional<SymbolLookup> lookup, String source, String failureReason) {
        public boolean loaded() {
            return lookup.isPresent();
        }
    }

    /** A library's bytes from the jar and the SHA-256 the jar says they have. */
    record Bundled(String resource, String fileName, byte[] bytes, String sha256) {
    }

    public static Result load(String baseName) {
        Platform platform = Platform.current();
        String fileName = "lib" + baseName + ".so";
        if (!platform.isLinux()) {
            return failed("native probe not available on " + platform
                    + ": Chronoscope ships it for linux-x86_64 and linux-aarch64");
        }
        StringBuilder reasons = new StringBuilder();
        String resource = "/dev/chronoscope/native/" + platform.folder() + "/" + fileName;
        try {
            Optional<Bundled> bundled = readBundled(resource, fileName);
            if (bundled.isPresent()) {
                Loaded loaded = loadBundled(bundled.get(), System.getProperty(EXTRACT_DIR_PROPERTY));
                return new Result(Optional.of(loaded.lookup()), "bundled " + resource + " (" + loaded.how() + ")", "");
            }
            reasons.append("no bundled ").append(fileName).append(" for ").append(platform)
                    .append(" (built without a C compiler, or platform not built)");
        } catch (IOException | RuntimeException e) {
            reasons.append("bundled ").append(fileName).append(" could not be loaded: ").append(describe(e));
        }
        String libraryPath = System.getProperty("java.library.path", "");
        for (String dir : Text.split(libraryPath, File.pathSeparatorChar)) {
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

    private static Optional<Bundled> readBundled(String resource, String fileName) throws IOException {
        try (InputStream in = NativeLibraryLoader.class.getResourceAsStream(resource);
             InputStream sum = NativeLibraryLoader.class.getResourceAsStream(resource + ".sha256")) {
            if (in == null) {
                return Optional.empty();
            }
            if (sum == null) {
                throw new IOException("checksum " + resource + ".sha256 missing from the jar");
            }
            return Optional.of(new Bundled(resource, fileName, in.readAllBytes(),
                    new String(sum.readAllBytes(), StandardCharsets.US_ASCII).trim()));
        }
    }

    /** A loaded library and how it was loaded, for the source line. */
    record Loaded(SymbolLookup lookup, String how) {
    }

    /**
     * Loads {@code library}: extracted below {@code configuredDir} when that is set (the system
     * property {@value #EXTRACT_DIR_PROPERTY}), else from memory, else extracted below the JVM's
     * temporary directory.
     */
    static Loaded loadBundled(Bundled library, String configuredDir) throws IOException {
        if (configuredDir != null) {
            return loadExtracted(library, extractionParent(configuredDir));
        }
        String inMemory;
        try {
            return loadInMemory(library);
        } catch (IOException | RuntimeException e) {
            inMemory = describe(e);
        }
        try {
            return loadExtracted(library, Path.of(System.getProperty("java.io.tmpdir")));
        } catch (IOException e) {
            throw new IOException("not from memory (" + inMemory + "), and not extracted: " + e.getMessage(), e);
        }
    }

    /**
     * The directory {@value #EXTRACT_DIR_PROPERTY} names, refused when empty: it would mean the working directory,
     * unsaid.
     */
    static Path extractionParent(String configured) throws IOException {
        if (configured.isBlank()) {
            throw new IOException("the system property " + EXTRACT_DIR_PROPERTY + " is empty ('" + configured
                    + "'); expected the " + "directory to extract native libraries into, e.g. -D"
                    + EXTRACT_DIR_PROPERTY + "=target/chronoscope-native, "
                    + "or leave it unset to load them from memory");
        }
        return Path.of(configured);
    }

    private static Loaded loadInMemory(Bundled library) throws IOException {
        int fd = libc(() -> Libc.memfdCreate(library.fileName()));
        try {
            Path self = descriptorPath(fd);
            Files.write(self, library.bytes());
            // only this user may write it: what loadVerified checks of every file it loads
            Files.setPosixFilePermissions(self, PosixFilePermissions.fromString("r-x------"));
            SymbolLookup lookup = loadVerified(fd, library.sha256());
            return new Loaded(lookup, "loaded from memory (memfd) through " + self
                    + ", its SHA-256 checked through the same descriptor");
        } catch (IOException | RuntimeException e) {
            closeQuietly(fd);
            throw e;
        }
    }

    private static Loaded loadExtracted(Bundled library, Path parent) throws IOException {
        Path dir = createPrivateDirectory(parent);
        Path file = dir.resolve(library.fileName());
        try {
            try (SeekableByteChannel out = Files.newByteChannel(file, Set.<OpenOption>of(StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rw-------")))) {
                ByteBuffer buffer = ByteBuffer.wrap(library.bytes());
                while (buffer.hasRemaining()) {
                    out.write(buffer);
                }
            }
            int fd = libc(() -> Libc.openReadOnlyNoFollow(file.toString()));
            try {
                SymbolLookup lookup = loadVerified(fd, library.sha256());
                return new Loaded(lookup, "extracted to " + file + ", loaded through " + descriptorPath(fd)
                        + " once its SHA-256 was checked through the same descriptor, removed once loaded");
            } catch (IOException | RuntimeException e) {
                closeQuietly(fd);
                if (e instanceof LoadFailed) {
                    throw new IOException(e.getMessage() + MountOptions.noexecHint(dir), e);
                }
                throw e;
            }
        } finally {
            // loaded or not, the copy is no longer needed: the descriptor and the mapping keep the file
            Files.deleteIfExists(file);
            Files.deleteIfExists(dir);
        }
    }

    /** The dynamic loader refused a file whose checks passed. */
    static final class LoadFailed extends IOException {
        LoadFailed(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * Loads the file open as {@code fd} once it is checked through that very descriptor: a regular
     * file this user owns and no other user can write, whose SHA-256 is {@code expectedSha256}.
     * {@code /proc/self/fd/N} names the descriptor's file, whatever its path now names.
     */
    static SymbolLookup loadVerified(int fd, String expectedSha256) throws IOException {
        Path self = descriptorPath(fd);
        Map<String, Object> attributes = Files.readAttributes(self, "unix:mode,uid");
        int mode = (Integer) attributes.get("mode");
        int uid = (Integer) attributes.get("uid");
        int me = libc(Libc::effectiveUid);
        if ((mode & S_IFMT) != S_IFREG) {
            throw new IOException(self + " (" + Files.readSymbolicLink(self) + ") is not a regular file (mode "
                    + octal(mode) + ")");
        }
        if (uid != me) {
            throw new IOException(self + " (" + Files.readSymbolicLink(self) + ") is owned by uid " + uid
                    + ", not by this process's " + "user (uid " + me + "): refusing to load it");
        }
        if ((mode & 0022) != 0) {
            throw new IOException(self + " (" + Files.readSymbolicLink(self) + ") can be written by other users (mode "
                    + octal(mode) + "): refusing to load it");
        }
        String actual = sha256(Files.readAllBytes(self));
        if (!actual.equals(expectedSha256)) {
            throw new IOException(self + " (" + Files.readSymbolicLink(self) + ") has SHA-256 " + actual + ", expected "
                    + expectedSha256 + ": refusing to load it");
        }
        try {
            // the String form: the Path form resolves the link to a path and would open that again
            return SymbolLookup.libraryLookup(self.toString(), Arena.global());
        } catch (RuntimeException e) {
            throw new LoadFailed(describe(e), e);
        }
    }

    static Path descriptorPath(int fd) {
        return Path.of("/proc/self/fd/" + fd);
    }

    /**
     * A new private (0700) directory below {@code parent} (created if absent). Refused, saying why,
     * when {@code parent} or a directory above it is not a directory, belongs to another user (root
     * excepted), or can be written by other users and is not sticky: such a user could swap the new
     * directory for one of their own. The new directory is checked once created: a directory (not a
     * symbolic link) of this user's, mode 0700.
     */
    static Path createPrivateDirectory(Path parent) throws IOException {
        Path absolute = parent.toAbsolutePath().normalize();
        refuseNonDirectory(absolute);
        int me = libc(Libc::effectiveUid);
        int myGroup = libc(Libc::effectiveGid);
        // what exists is checked before anything is created in it, and the whole chain again after
        Path existing = absolute;
        while (!Files.exists(existing)) {
            existing = existing.getParent();
        }
        refuseOtherWriters(absolute, existing.toRealPath(), me, myGroup);
        Files.createDirectories(absolute);
        refuseOtherWriters(absolute, absolute.toRealPath(), me, myGroup);
        Path dir = Files.createTempDirectory(absolute, "chronoscope-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Map<String, Object> a = Files.readAttributes(dir, "unix:mode,uid", LinkOption.NOFOLLOW_LINKS);
        int mode = (Integer) a.get("mode");
        int uid = (Integer) a.get("uid");
        if ((mode & S_IFMT) != S_IFDIR || uid != me || (mode & 07777) != 0700) {
            throw new IOException("the directory " + dir
                    + " created to extract native libraries into is not a private directory "
                    + "of this user once created (mode " + octal(mode) + ", uid " + uid
                    + "; expected a directory, mode 0700, uid "
                    + me + "): refusing to extract into it");
        }
        return dir;
    }

    private static void refuseOtherWriters(Path parent, Path real, int me, int myGroup) throws IOException {
        for (Path p = real; p != null; p = p.getParent()) {
            Map<String, Object> a = Files.readAttributes(p, "unix:mode,uid,gid");
            int mode = (Integer) a.get("mode");
            int uid = (Integer) a.get("uid");
            int gid = (Integer) a.get("gid");
            String where = p.equals(parent) ? p.toString() : p + " (above " + parent + ")";
            if (uid != me && uid != 0) {
                throw refusal(parent, where + " belongs to uid " + uid
                        + ", another user, who could swap what is extracted in it");
            }
            boolean othersWrite = (mode & 0002) != 0 || ((mode & 0020) != 0 && gid != myGroup);
            if (othersWrite && (mode & S_ISVTX) == 0) {
                throw refusal(parent, where + " (mode " + octal(mode) + ", group " + gid
                        + ") can be written by other users and "
                        + "is not sticky (as /tmp is), so another user could swap what is extracted in it");
            }
        }
    }

    private static IOException refusal(Path parent, String why) {
        return new IOException("refusing to extract native libraries below " + parent + ": " + why
                + ". Set the system property " + EXTRACT_DIR_PROPERTY
                + " to a directory only this user can write, or leave it unset");
    }

    /** Says what is in the way when {@code dir}, or a path above it, exists as something other than a directory. */
    private static void refuseNonDirectory(Path dir) throws IOException {
        for (Path p = dir; p != null; p = p.getParent()) {
            if (Files.isDirectory(p)) {
                return;
            }
            String which = p.equals(dir) ? "the extraction directory " + dir : dir + ": " + p;
            if (Files.isSymbolicLink(p) && !Files.exists(p)) {
                throw new IOException(which + " is a symbolic link to " + Files.readSymbolicLink(p)
                        + ", which does not exist");
            }
            if (Files.exists(p)) {
                throw new IOException(which + " is " + (Files.isRegularFile(p) ? "a regular file" : "not a directory")
                        + ", not a directory");
            }
        }
    }

    private static String octal(int mode) {
        return "0" + Integer.toOctalString(mode & 07777);
    }

    @FunctionalInterface
    private interface LibcCall {
        int call() throws Libc.LibcException;
    }

    private static int libc(LibcCall call) throws IOException {
        if (!Libc.isAvailable()) {
            throw new IOException("the libc bindings are unavailable: " + Libc.unavailableReason());
        }
        try {
            return call.call();
        } catch (Libc.LibcException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static void closeQuietly(int fd) {
        try {
            Libc.close(fd);
        } catch (Libc.LibcException ignored) {
            // the descriptor was ours and is gone either way
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
