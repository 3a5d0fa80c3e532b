import Foundation

/// Times closures on the monotonic clock (or the process's CPU clock) and keeps their results
/// alive so the optimizer cannot drop the work.
enum Stopwatch {
    /// What a measurement counts.
    enum Clock {
        /// Elapsed (wall-clock) seconds.
        case wall
        /// CPU seconds of the whole process, all threads together: what the work costs,
        /// whatever else the machine runs meanwhile and however many cores it spreads over.
        case processCPU
    }

    /// Runs `body` once and returns the seconds it took on `clock`.
    static func time(_ body: () throws -> Int, clock: Clock = .wall) rethrows -> Double {
        switch clock {
        case .wall:
            let clock = ContinuousClock()
            let start = clock.now
            let result = try body()
            let elapsed = clock.now - start
            consume(result)
            let parts = elapsed.components
            return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
        case .processCPU:
            let start = processCPUSeconds()
            let result = try body()
            let elapsed = processCPUSeconds() - start
            consume(result)
            return elapsed
        }
    }

    /// The CPU seconds this process has used so far.
    private static func processCPUSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9
    }

    /// Runs each job in its own block: once to warm up, then `repeat` timed runs, before the
    /// next job starts. Returns one measurement per job.
    ///
    /// Jobs are not interleaved run by run on purpose: glibc's allocator defers part of the cost
    /// of freeing a large tree (consolidating its free lists) to the next big allocation, so in
    /// an A, B, A, B order one job pays for the other's frees. Measured on the 17 MB parse file,
    /// interleaving moved about 0.35 s per run from json-c's parse onto Inkling's decoder.
    /// `run.sh` interleaves whole processes instead, round by round.
    static func blocks(_ jobs: [() throws -> Int], repeat count: Int, clock: Clock = .wall) throws -> [Measurement] {
        var results: [Measurement] = []
        for job in jobs {
            _ = try time(job, clock: clock)
            var measurement = Measurement()
            for _ in 0..<count { measurement.samples.append(try time(job, clock: clock)) }
            results.append(measurement)
        }
        return results
    }

    /// Swallows a value without letting the optimizer see that it is unused.
    @inline(never) @_optimize(none)
    static func consume(_ value: Int) {}
}
