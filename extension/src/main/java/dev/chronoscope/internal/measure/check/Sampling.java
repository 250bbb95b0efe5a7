package dev.chronoscope.internal.measure.check;

/**
 * The sampling the checks judge: {@code samples} samples of {@code callsPerSample} calls each (a
 * comparison's both sides, whose blocks take turns), figures in the clock's {@code unit}.
 */
public record Sampling(long samples, int callsPerSample, String unit) {
}
