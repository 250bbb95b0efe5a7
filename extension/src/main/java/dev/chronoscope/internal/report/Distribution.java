package dev.chronoscope.internal.report;

import dev.chronoscope.internal.json.Json;
import dev.chronoscope.Timing;

import java.util.ArrayList;
import java.util.List;

/**
 * A timing's samples in compact form, for the records that the run report, the JMH-format JSON and
 * the baselines are built from: its raw samples' percentiles 0, 1, …, 100 in nanoseconds (nearest
 * rank on the sorted samples), and their mean and standard deviation. 101 numbers keep the shape of
 * any distribution well enough to plot it and to give any percentile to the nearest 1 %, whatever
 * the sample count; the samples themselves (up to ten million) would not fit a record.
 *
 * @param quantilesNs percentile {@code i} at index {@code i}, ascending
 * @param tailNs      the percentiles of {@link #TAIL}, in that order
 */
public record Distribution(List<Double> quantilesNs, List<Double> tailNs, double meanNs, double sdNs) {

    /** The tail percentiles kept beyond 99 (JMH reports them): 99.9, 99.99, 99.999 and 99.9999. */
    public static final List<Double> TAIL = List.of(99.9, 99.99, 99.999, 99.9999);

    /** Percentiles kept: 0 to 100 in steps of 1. */
    public static final int POINTS = 101;

    public Distribution {
        quantilesNs = List.copyOf(quantilesNs);
        tailNs = List.copyOf(tailNs);
        if (quantilesNs.size() != POINTS) {
            throw new IllegalArgumentException("a distribution has " + POINTS + " quantiles, found "
                    + quantilesNs.size());
        }
    }

    /**
     * The distribution of {@code t}'s raw samples per call (a throughput sample, a batch, divided by
     * its calls, as every other figure of such a timing is); call only when it kept samples.
     */
    public static Distribution of(Timing t) {
        long n = t.kept();
        if (n == 0) {
            throw new IllegalArgumentException("timing " + t.label() + " kept no samples");
        }
        double scale = t.nanosPerUnit() / t.callsPerSample();
        List<Double> q = new ArrayList<>(POINTS);
        for (int i = 0; i < POINTS; i++) {
            long rank = Math.min(n - 1, Math.max(0, (long) Math.ceil(i / 100.0 * n) - 1));
            q.add(t.sortedSample((int) rank) * scale);
        }
        List<Double> tail = new ArrayList<>(TAIL.size());
        for (double p : TAIL) {
            tail.add(t.sortedSample((int) Math.min(n - 1, Math.max(0, (long) Math.ceil(p / 100.0 * n) - 1))) * scale);
        }
        double sum = 0;
        for (int k = 0; k < n; k++) {
            sum += t.sortedSample(k);
        }
        double mean = sum / n;
        double squares = 0;
        for (int k = 0; k < n; k++) {
            double d = t.sortedSample(k) - mean;
            squares += d * d;
        }
        double sd = n > 1 ? Math.sqrt(squares / (n - 1)) : 0;
        return new Distribution(q, tail, mean * scale, sd * scale);
    }

    /** Percentile {@code p} (0 to 100), interpolated between the kept ones. */
    public double percentile(double p) {
        double x = Math.max(0, Math.min(100, p));
        int lo = (int) Math.floor(x);
        int hi = Math.min(100, lo + 1);
        double f = x - lo;
        return quantilesNs.get(lo) * (1 - f) + quantilesNs.get(hi) * f;
    }

    public Json.Obj toJson() {
        return Json.object().put("unit", "ns").put("of", "raw samples").put("percentiles", "0 to 100 in steps of 1")
                .put("quantiles", quantilesNs).put("tail", tailNs).put("mean", meanNs).put("sd", sdNs);
    }

    /** Reads {@link #toJson()}'s shape back. */
    @SuppressWarnings("unchecked")
    public static Distribution fromJson(java.util.Map<String, Object> o) {
        List<Double> q = new ArrayList<>();
        for (Object v : (List<Object>) o.get("quantiles")) {
            q.add(((Number) v).doubleValue());
        }
        List<Double> tail = new ArrayList<>();
        for (Object v : (List<Object>) o.get("tail")) {
            tail.add(((Number) v).doubleValue());
        }
        return new Distribution(q, tail, ((Number) o.get("mean")).doubleValue(), ((Number) o.get("sd")).doubleValue());
    }
}
