package dev.chronoscope.internal.measure;
public final class Dbg {
    public static synchronized void println(String s) { try { java.nio.file.Files.writeString(java.nio.file.Path.of("/tmp/dbg.txt"), s + "\n", java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND); } catch (Exception e) { } }
    public static void printf(String f, Object... a) { println(String.format(f, a).trim()); }
}
