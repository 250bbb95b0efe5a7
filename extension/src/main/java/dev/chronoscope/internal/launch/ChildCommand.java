package dev.chronoscope.internal.launch;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ChildCommand} is used to start a test JVM: its {@code java}, JVM options, class path and main class with
 * its arguments. All but {@code java} go into an argument file ({@code java @file}), so a long class path never
 * meets the OS's limit on a command line, and the command can be run again by hand.
 *
 * @param java       the {@code java} executable
 * @param jvmOptions the JVM options, in order
 * @param classPath  the class path's entries, in order
 * @param mainClass  the main class
 * @param arguments  the main class's arguments
 */
public record ChildCommand(String java, List<String> jvmOptions, List<String> classPath, String mainClass,
                           List<String> arguments) {

    /**
     * {@link LaunchMain}'s name, as a constant: naming its class object would load it, and with it the launcher's
     * interfaces, which a JVM running {@code java -jar chronoscope-junit.jar ab} does not have.
     */
    public static final String LAUNCH_MAIN = "dev.chronoscope.internal.launch.LaunchMain";

    public ChildCommand {
        jvmOptions = List.copyOf(jvmOptions);
        classPath = List.copyOf(classPath);
        arguments = List.copyOf(arguments);
    }

    /** {@link LaunchMain} reading {@code requestFile}. */
    public static ChildCommand launching(String java, List<String> jvmOptions, List<String> classPath,
                                         Path requestFile) {
        return new ChildCommand(java, jvmOptions, classPath, LAUNCH_MAIN,
                List.of(requestFile.toString()));
    }

    /** Writes the argument file {@code file} and returns the command that starts the child: java, @file. */
    public List<String> write(Path file) throws IOException {
        List<String> all = new ArrayList<>(jvmOptions);
        all.add("-cp");
        all.add(String.join(File.pathSeparator, classPath));
        all.add(mainClass);
        all.addAll(arguments);
        StringBuilder text = new StringBuilder();
        for (String a : all) {
            text.append(quoted(a)).append('\n');
        }
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return List.of(java, "@" + file);
    }

    /** One argument of a {@code java} argument file: quoted, with backslashes and quotes escaped. */
    static String quoted(String argument) {
        return "\"" + argument.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
