import InklingJobs
import Foundation
import InklingRedis
import InklingServer

/// `InklingBench redis-roundtrip <redis-url>`: what one call costs through ``RedisClient``
/// against its floor, the same command sent by a bare ``RedisConnection`` on the calling thread
/// (hiredis, no pool, no `async`), in the same run.
///
/// A third line, `task-start`, times starting a task and waiting for it with no call at all:
/// the harness's own cost inside `redis-client`, which a server's request handler (already in a
/// task) does not pay.
///
/// Commands: `PING`, and a pipelined `SET … EX` of 234,000 bytes with a `PING` behind it (the
/// size of a 256² image with its recipe, as a cluster worker stores one). Each call comes after
/// `--step-ms` milliseconds of idleness (default 10), as a job's calls do: a call right after
/// another finds the threads and the server awake, which no job does. Times are wall-clock.
enum RedisRoundTripBench {
    /// Measures both ways for each command against the server at the first argument.
    static func run(_ args: BenchArguments, report: (BenchRecord) -> Void) throws {
        InklingServer.tuneMemoryForServing()
        guard let text = args.files.first else { throw BenchError.usage("redis-roundtrip needs a redis:// URL") }
        let url = try RedisURL(parsing: text)
        let direct = try RedisConnection(url: url)
        let client = RedisClient(url: url)
        let idle = UInt32(max(0, args.stepMilliseconds) * 1000)
        let image = RedisArgument([UInt8](repeating: 0x89, count: 234_000))
        let commands: [(name: String, bytes: Int, pipeline: [[RedisArgument]])] = [
            ("ping", 14, [["PING"]]),
            ("set-234k", 234_000, [["SET", "inkling-bench:image", image, "EX", "30"], ["PING"]]),
        ]
        for command in commands {
            var floor = Measurement()
            var through = Measurement()
            var harness = Measurement()
            for round in 0...args.repeatCount {
                usleep(idle)
                let plain = try seconds { _ = try direct.pipeline(command.pipeline) }
                usleep(idle)
                let pooled = try seconds { try blockingOn { _ = try await client.pipeline(command.pipeline) } }
                usleep(idle)
                let empty = try seconds { try blockingOn {} }
                // The first round warms everything up.
                if round > 0 { floor.samples.append(plain); through.samples.append(pooled); harness.samples.append(empty) }
            }
            for (impl, measurement) in [("hiredis-direct", floor), ("redis-client", through), ("task-start", harness)] {
                report(BenchRecord(bench: "redis-roundtrip", impl: impl, file: command.name, bytes: command.bytes, points: 0, measurement: measurement))
            }
            if !args.json {
                let ratio = through.median / floor.median
                let net = (through.median - harness.median) / floor.median
                print("redis-roundtrip \(command.name): RedisClient \(String(format: "%.2f", ratio))x the direct call, "
                      + "\(String(format: "%.2f", net))x without the task's start")
            }
        }
        _ = try direct.command(["DEL", "inkling-bench:image"])
    }

    /// Wall-clock seconds `body` takes.
    private static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// Runs `body` in a task and waits for it on this thread (the timing includes the task's start,
    /// as a call from a server's request handler would not: the floor pays no such cost, so the
    /// ratio is an upper bound).
    private static func blockingOn(_ body: @escaping @Sendable () async throws -> Void) throws {
        let done = DispatchSemaphore(value: 0)
        let failure = FailureBox()
        Task {
            do { try await body() } catch { failure.error = error }
            done.signal()
        }
        done.wait()
        if let error = failure.error { throw error }
    }

    /// The error of a call made in a task.
    private final class FailureBox: @unchecked Sendable {
        var error: (any Error)?
    }
}
