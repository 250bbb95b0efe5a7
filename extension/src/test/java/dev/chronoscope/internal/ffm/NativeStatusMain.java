package dev.chronoscope.internal.ffm;

/** Prints whether the native probe and libc bindings loaded, for tests that start a JVM with other flags. */
public final class NativeStatusMain {
    public static void main(String[] args) {
        System.out.println("probe.loaded=" + ProbeLibrary.isLoaded());
        System.out.println("probe.source=" + ProbeLibrary.source());
        System.out.println("probe.reason=" + ProbeLibrary.unavailableReason());
        System.out.println("libc.available=" + Libc.isAvailable());
        System.out.println("libc.reason=" + Libc.unavailableReason());
    }
}
