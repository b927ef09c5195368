import Glibc

/// Measures the CPU time of the calling thread, so the loose time bounds of the linear-time tests
/// hold on a machine busy with other work (wall time there grew 20x with other builds running).
public enum ThreadCPUClock {
    public static func measure(_ body: () -> Void) -> Duration {
        let start = now()
        body()
        return now() - start
    }

    private static func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
