package dev.chronoscope.internal.args;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Splits the arguments of Chronoscope's commands into options: flags ({@code --json}) and options
 * with a value ({@code --reads N} or {@code --reads=N}), with errors that name the option, the
 * value and what was expected.
 */
public final class CommandLine {

    private CommandLine() {
    }

    /** A command line a command cannot run with; the message says what was wrong and what was expected. */
    public static final class InvalidOptionException extends Exception {
        public InvalidOptionException(String message) {
            super(message);
        }
    }

    /** One option; {@code value} is null for a flag. */
    public record Option(String name, String value) {
    }

    /**
     * The options in {@code args}, in order.
     *
     * @param flags    names that take no value
     * @param valued   names that take one, each with what its value should be (for the error when it is missing)
     * @param expected how to name the allowed options in the error for an unknown one
     */
    public static List<Option> parse(String[] args, Set<String> flags, Map<String, String> valued, String expected)
            throws InvalidOptionException {
        List<Option> options = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            if (flags.contains(name)) {
                if (value != null) {
                    throw new InvalidOptionException("option " + name + " takes no value, got '" + value + "'");
                }
            } else if (valued.containsKey(name)) {
                if (value == null) {
                    if (i + 1 >= args.length) {
                        throw new InvalidOptionException("option " + name + " needs a value: " + valued.get(name));
                    }
                    value = args[++i];
                }
            } else {
                throw new InvalidOptionException("unknown option '" + arg + "'; expected " + expected);
            }
            options.add(new Option(name, value));
        }
        return options;
    }

    /** {@code value} as a whole number in {@code [min, max]} ({@code _} and {@code ,} allowed as separators). */
    public static long wholeNumber(String option, String value, long min, long max, String expected)
            throws InvalidOptionException {
        long n;
        try {
            n = Long.parseLong(value.strip().replace("_", "").replace(",", ""));
        } catch (NumberFormatException e) {
            throw new InvalidOptionException("option " + option + ": '" + value + "' is not a whole number; "
                    + expected);
        }
        if (n < min || n > max) {
            throw new InvalidOptionException("option " + option + ": " + value + " is out of range; " + expected);
        }
        return n;
    }
}
