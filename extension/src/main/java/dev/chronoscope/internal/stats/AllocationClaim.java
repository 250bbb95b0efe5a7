package dev.chronoscope.internal.stats;

import dev.chronoscope.Allocation;
import dev.chronoscope.Timing;

/**
 * Decides "'label' allocates at most (or at least) so many bytes per call". Allocation after
 * warm-up is deterministic, so the claim decides exactly — unless the count is missing, or the two
 * halves of the run disagree (escape analysis changed with compilation during the run):
 * inconclusive. The words are {@link ClaimMessages}'.
 */
public final class AllocationClaim {

    private AllocationClaim() {
    }

    /**
     * "'label' allocates {@code relation} {@code bytes} per call": at most, or at least (that a
     * region allocates at all, with at least 1).
     */
    public static Decision decide(Timing t, Relation relation, long bytes) {
        if (t.allocation().isEmpty()) {
            return ClaimMessages.allocationNotCounted(t, relation, bytes);
        }
        Allocation a = t.allocation().get();
        if (a.changedBetweenHalves()) {
            return ClaimMessages.allocationChanged(t, relation, bytes, a);
        }
        return relation.holds(a.bytesPerCall(), bytes)
                ? ClaimMessages.allocationHolds(t, a)
                : ClaimMessages.allocationFails(t, relation, bytes, a);
    }
}
