package dev.chronoscope.internal.measure.check;

import dev.chronoscope.SelfCheck;

/** A check's id and consequence held once, so that each check's class holds its rule, its thresholds and its words. */
abstract class NamedCheck implements Check {

    private final SelfCheck id;
    private final String consequence;

    NamedCheck(SelfCheck id, String consequence) {
        this.id = id;
        this.consequence = consequence;
    }

    @Override
    public final SelfCheck id() {
        return id;
    }

    @Override
    public final String consequence() {
        return consequence;
    }
}
