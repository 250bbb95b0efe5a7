package dev.chronoscope.internal.launch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.Charset;

/**
 * Reads a child's standard error to its end, keeping the first {@link #MAX_CHARS} characters and saying where it
 * cut.
 */
final class StderrTail implements Runnable {

    /** How much of the child's standard error is kept and relayed: enough for any warning, bounded against a flood. */
    static final int MAX_CHARS = 1 << 20;

    private final InputStream in;
    private final StringBuffer text = new StringBuffer();

    StderrTail(InputStream in) {
        this.in = in;
    }

    @Override
    public void run() {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(in, Charset.defaultCharset()))) {
            long dropped = 0;
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (text.length() < MAX_CHARS) {
                    text.append(line).append('\n');
                } else {
                    dropped += line.length() + 1;
                }
            }
            if (dropped > 0) {
                text.append("[chronoscope] the fork wrote ").append(dropped)
                        .append(" more characters to its standard error, not kept\n");
            }
        } catch (IOException e) {
            text.append("[chronoscope] the fork's standard error could not be read to its end: ").append(e)
                    .append('\n');
        }
    }

    String text() {
        return text.toString();
    }
}
