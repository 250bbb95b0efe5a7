package dev.chronoscope.internal.stats;

/** What a claim came to: it holds, it does not, or the measurement cannot tell. */
public enum Outcome { PASS, FAIL, INCONCLUSIVE }
