package dev.chronoscope.internal.measure.check;

import dev.chronoscope.SelfCheck;

import java.util.Objects;

/**
 * A self-check's finding against a figure: which check spoke ({@link SelfCheck}, the identity
 * records and reports carry) and its evidence in words (the reason the section prints).
 */
public record Refusal(SelfCheck check, String reason) {

    public Refusal {
        Objects.requireNonNull(check, "check");
        Objects.requireNonNull(reason, "reason");
    }
}
