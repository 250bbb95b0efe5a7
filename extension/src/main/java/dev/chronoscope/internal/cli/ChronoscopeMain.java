package dev.chronoscope.internal.cli;

import dev.chronoscope.internal.ab.Ab;
import dev.chronoscope.internal.doctor.Doctor;

import java.io.PrintStream;
import java.util.Arrays;

/**
 * {@code ChronoscopeMain} is used to run Chronoscope's commands from the command line: the
 * {@code chronoscope-junit} jar's {@code Main-Class}.
 *
 * <pre>
 * java -jar chronoscope-junit-&lt;version&gt;.jar doctor [--json] [--reads N] [--quick]
 * java -jar chronoscope-junit-&lt;version&gt;.jar ab --base-… --head-… [options]
 * java -jar chronoscope-junit-&lt;version&gt;.jar help
 * </pre>
 *
 * Exit codes: 0 done, 2 the command line was wrong (usage on stderr); {@code ab} also 1 on a regression with
 * {@code --fail-on-regression}. The Java-vs-C benchmark is
 * not part of this jar: it lives in the build's {@code benchmarks} module (docs/evidence/probe-against-c.md).
 */
public final class ChronoscopeMain {

    public static final int EXIT_OK = 0;
    public static final int EXIT_USAGE = 2;

    public static final String USAGE = """
            usage: java -jar chronoscope-junit-<version>.jar <command> [options]
            commands:
              doctor [--json] [--reads N] [--quick]
                        every fact about this machine's clocks, TSC and host, measured in under
                        10 s (--quick: a few seconds at most); --json prints the JSON document
              ab (--base-classpath CP | --base-command CMD) (--head-classpath CP | --head-command CMD) [options]
                        compares two builds on this machine: base and head in alternating fresh JVMs,
                        each timing judged on paired rounds; 'ab --help' describes its options
              help      this text; 'doctor --help' describes its options
            """;

    private ChronoscopeMain() {
    }

    public static void main(String[] args) {
        int code = run(args, System.out, System.err);
        System.out.flush();
        System.err.flush();
        System.exit(code);
    }

    /** Runs the command {@code args} name, printing to {@code out} and {@code err}; returns the exit code. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            err.println("chronoscope: no command given");
            err.print(USAGE);
            return EXIT_USAGE;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        return switch (args[0]) {
            case "doctor" -> Doctor.run(rest, out, err);
            case "ab" -> Ab.run(rest, out, err);
            case "help", "--help", "-h" -> {
                out.print(USAGE);
                yield EXIT_OK;
            }
            default -> {
                err.println("chronoscope: unknown command '" + args[0] + "'; expected doctor, ab or help");
                err.print(USAGE);
                yield EXIT_USAGE;
            }
        };
    }
}
