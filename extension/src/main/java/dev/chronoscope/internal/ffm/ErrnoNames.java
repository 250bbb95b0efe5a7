package dev.chronoscope.internal.ffm;

/** Names for the errno values Chronoscope's libc calls can plausibly return. */
final class ErrnoNames {
    private ErrnoNames() {
    }

    static String describe(int errno) {
        return switch (errno) {
            case 1 -> "EPERM: operation not permitted";
            case 3 -> "ESRCH: no such thread";
            case 14 -> "EFAULT: bad address";
            case 22 -> "EINVAL: invalid argument";
            case 38 -> "ENOSYS: not available on this platform";
            case 95 -> "EOPNOTSUPP: not supported";
            default -> "see errno(3)";
        };
    }
}
