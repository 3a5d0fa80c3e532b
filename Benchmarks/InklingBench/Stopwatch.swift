/// Times closures on the monotonic clock and keeps their results alive so the optimizer
/// cannot drop the work.
enum Stopwatch {
    /// Runs `body` once and returns the seconds it took.
    static func time(_ body: () throws -> Int) rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        let elapsed = clock.now - start
        consume(result)
        let parts = elapsed.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }

    /// Runs each job once to warm up, then `repeat` rounds that run every job once in turn,
    /// so that the jobs share whatever noise the machine has. Returns one measurement per job.
    static func interleaved(_ jobs: [() throws -> Int], repeat count: Int) throws -> [Measurement] {
        for job in jobs { _ = try time(job) }
        var results = Array(repeating: Measurement(), count: jobs.count)
        for _ in 0..<count {
            for (i, job) in jobs.enumerated() {
                results[i].samples.append(try time(job))
            }
        }
        return results
    }

    /// Swallows a value without letting the optimizer see that it is unused.
    @inline(never) @_optimize(none)
    static func consume(_ value: Int) {}
}
