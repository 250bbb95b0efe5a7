package dev.chronoscope.internal.host;

import dev.chronoscope.internal.ffm.Adjtimex;
import dev.chronoscope.internal.ffm.Libc;

/**
 * {@code NtpSource} is used to read the kernel's NTP discipline state (a read-only
 * {@code adjtimex(2)}), or to describe one in a test with {@link #of} and {@link #unavailable}.
 */
public interface NtpSource {

    /** Where a known reading comes from. */
    String SOURCE = "adjtimex(2), modes = 0";

    /** The kernel's NTP state, or unknown with the reason; never throws. */
    Fact<Adjtimex> read();

    /** The real kernel, through {@link Libc#adjtimexReadOnly()}. */
    static NtpSource system() {
        return () -> {
            try {
                if (!Libc.isAvailable()) {
                    return Fact.unknown("adjtimex: libc not available: " + Libc.unavailableReason());
                }
                return Fact.of(Libc.adjtimexReadOnly(), SOURCE);
            } catch (Libc.LibcException e) {
                return Fact.unknown(e.getMessage());
            } catch (LinkageError | RuntimeException e) {
                // class initialisation can fail, e.g. with --illegal-native-access=deny
                return Fact.unknown("adjtimex: libc bindings unusable: " + e);
            }
        };
    }

    /** A kernel that reports {@code state}. */
    static NtpSource of(Adjtimex state) {
        Fact<Adjtimex> fact = Fact.of(state, SOURCE);
        return () -> fact;
    }

    /** A kernel whose NTP state cannot be read, for {@code reason}. */
    static NtpSource unavailable(String reason) {
        Fact<Adjtimex> fact = Fact.unknown(reason);
        return () -> fact;
    }
}
