package dev.chronoscope.internal.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Writes a run report of one test whose region is labelled by the second argument into the
 * directory of the first, pausing for the milliseconds of the fourth argument before renaming the
 * file numbered by the third into place (it prints {@code paused} then): a writer another JVM can
 * kill between two files, for {@link ReportSetKillTests}.
 */
public final class ReportWriterMain {

    private ReportWriterMain() {
    }

    public static void main(String[] args) throws Exception {
        int pauseStep = Integer.parseInt(args[2]);
        long pauseMillis = Long.parseLong(args[3]);
        RunReport.write(Path.of(args[0]), RunRecords.of(List.of(ReportFixtures.test(args[1]))), Optional.empty(), Optional.empty(),
                ChannelOpener.CREATE_NEW, step -> {
                    if (step == pauseStep) {
                        System.out.println("paused");
                        System.out.flush();
                        try {
                            Thread.sleep(pauseMillis);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    }
                });
        System.out.println("written");
    }
}
