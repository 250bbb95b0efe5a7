package dev.chronoscope.internal.ffm;

import java.util.Locale;

/** The operating system and architecture this JVM runs on, named the way the native jar folders are. */
public record Platform(String os, String arch) {

    public static Platform current() {
        return of(System.getProperty("os.name", "unknown"), System.getProperty("os.arch", "unknown"));
    }

    static Platform of(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT).startsWith("linux") ? "linux"
                : osName.toLowerCase(Locale.ROOT).replace(' ', '-');
        String arch = switch (osArch.toLowerCase(Locale.ROOT)) {
            case "amd64", "x86_64", "x86-64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            default -> osArch.toLowerCase(Locale.ROOT);
        };
        return new Platform(os, arch);
    }

    /** The jar folder that holds this platform's native libraries, e.g. {@code linux-x86_64}. */
    public String folder() {
        return os + "-" + arch;
    }

    public boolean isLinux() {
        return os.equals("linux");
    }

    public boolean isX86_64() {
        return arch.equals("x86_64");
    }

    public boolean isAarch64() {
        return arch.equals("aarch64");
    }

    @Override
    public String toString() {
        return folder();
    }
}
