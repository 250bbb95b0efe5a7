package dev.chronoscope.internal.report;

/** Prints this JVM's {@link RunKey}: for {@link RunKeyTests}, started as Surefire starts its forks. */
public final class RunKeyMain {

    private RunKeyMain() {
    }

    public static void main(String[] args) {
        System.out.println("run=" + (args.length == 0 ? RunKey.current() : RunKey.of(java.util.Optional.of(args[0]))));
    }
}
