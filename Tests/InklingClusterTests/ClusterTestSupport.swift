@testable import InklingJobs
import Foundation
import InklingBase
import InklingBuiltInEngine
@testable import InklingCluster
import InklingRedis
import InklingConditioning
import InklingEngines
import InklingRedisTestSupport
@testable import InklingServer
import InklingStrokes
import XCTest

/// What the in-process cluster tests share: a real redis-server, requests, and waiting.
enum ClusterTestSupport {
    /// Short timings so that reclaims and expiries happen within a test.
    static func settings(_ redis: RedisTestServer, _ change: (inout ClusterSettings) -> Void = { _ in }) -> ClusterSettings {
        var settings = ClusterSettings(url: redis.url)
        settings.heartbeatInterval = 0.1
        settings.visibilityTimeout = 1
        settings.maxAttempts = 3
        change(&settings)
        return settings
    }

    /// A member record's hash fields, as Redis would hand them back.
    static func storedFields(of member: ClusterMember) -> [String: [UInt8]] {
        let fields = member.fields
        return Dictionary(stride(from: 0, to: fields.count - 1, by: 2).map { (String(decoding: fields[$0].bytes, as: UTF8.self), fields[$0 + 1].bytes) },
                          uniquingKeysWith: { _, last in last })
    }

    /// The bundled tablet drawing.
    static var houseBytes: [UInt8] {
        get throws {
            let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Strokes/tablet-pen-house.json")
            return [UInt8](try Data(contentsOf: url))
        }
    }

    /// A request body with the house drawing, a prompt and `limit` images at 256².
    static func body(limit: Int = 2, style: String = "sketch", extra: String = "") throws -> [UInt8] {
        Array("{\"prompt\":\"a cosy house\",\"style\":\"\(style)\",\"limit\":\(limit),\"options\":{\"size\":\"256x256\",\"seed\":7}\(extra),\"drawing\":".utf8)
            + (try houseBytes) + Array("}".utf8)
    }

    /// The parsed request of ``body(limit:style:extra:)``.
    static func request(limit: Int = 2, style: String = "sketch") throws -> GenerationRequest {
        try GenerationRequest(body: try body(limit: limit, style: style), base: GenerationOptions(), limits: .default)
    }

    /// Lists a worker "ghost" of the built-in engine (painting sketches) that is alive for an
    /// hour but never claims by itself, with the engine's streams (live and batch) and their group in place.
    static func listGhostWorker(_ client: RedisClient, _ settings: ClusterSettings) async throws {
        let made = try await client.pipeline(JobLane.allCases.map { lane in
            ["XGROUP", "CREATE", .init(settings.keys.jobs(engine: "builtin", lane: lane)), "workers", "0", "MKSTREAM"]
        })
        for reply in made {
            if case .error(let message) = reply, !message.hasPrefix("BUSYGROUP") { throw RedisError.server(message) }
        }
        _ = try await client.pipeline([
            ["ZADD", .init(settings.keys.workers), .init(Date().timeIntervalSince1970 + 3600), "ghost"],
            ["HSET", .init(settings.keys.worker("ghost")), "role", "worker", "engine", "builtin", "styles", "sketch", "concurrency", "1", "running", "0",
             "lanes", "batch,live"],
        ])
    }

    /// Claims the next entry of `lane`'s stream as "ghost" and marks job `id` as running on it, as a worker that
    /// then dies would leave it; the entries claimed.
    static func claimAsGhost(_ client: RedisClient, _ settings: ClusterSettings, _ id: String, lane: JobLane = .batch) async throws -> Int {
        let claimed = try await client.command(["XREADGROUP", "GROUP", "workers", "ghost", "COUNT", "1", "STREAMS", .init(settings.keys.jobs(engine: "builtin", lane: lane)), ">"])
        _ = try await client.command(["HSET", .init(settings.keys.job(id)), "state", "running", "worker", "ghost", "attempts", "1"])
        return claimed.streamEntries.count
    }

    /// Submits a job of `limit` images in `lane` through `jobs` and leaves it claimed by a listed "ghost"
    /// worker that never beats (a worker that died mid-job); the job's id.
    static func jobClaimedByAGhost(_ jobs: ClusterJobs, _ client: RedisClient, _ settings: ClusterSettings, limit: Int, lane: JobLane = .batch,
                                   file: StaticString = #filePath, line: UInt = #line) async throws -> String {
        try await listGhostWorker(client, settings)
        let id = try await jobs.submit(JobSubmission(request: try request(limit: limit), owner: nil, lane: lane))
        let claimed = try await claimAsGhost(client, settings, id, lane: lane)
        XCTAssertEqual(claimed, 1, "the ghost claimed the job", file: file, line: line)
        return id
    }

    /// Polls `condition` every 20 ms for up to `seconds`.
    static func eventually(_ seconds: Double = 10, _ what: String, file: StaticString = #filePath, line: UInt = #line,
                           _ condition: () async throws -> Bool) async throws {
        let end = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
        while ContinuousClock.now < end {
            if try await condition() { return }
            try? await Task.sleep(for: .milliseconds(20))
        }
        XCTFail("not within \(seconds) s: \(what)", file: file, line: line)
    }

    /// Every event of job `id` until its last.
    static func events(_ jobs: ClusterJobs, _ id: String) async throws -> [JobEvent] {
        var events: [JobEvent] = []
        for try await event in jobs.events(of: id) { events.append(event) }
        return events
    }
}

/// A front end and a built-in engine's worker in this process, as the in-process cluster tests
/// make them (the default style illustration; the worker runs one job at a time).
extension XCTestCase {
    func frontEnd(_ settings: ClusterSettings, ttl: Double = 30, timeout: Double = 60) throws -> ClusterJobs {
        try ClusterJobs(settings: settings, imageTTL: ttl, generationTimeout: timeout, defaultStyle: "illustration")
    }

    func worker(_ settings: ClusterSettings, name: String? = nil, engine: any ImageEngine = BuiltInEngine(),
                log: @escaping @Sendable (String) -> Void = { _ in }) throws -> ClusterWorker {
        try ClusterWorker(settings: settings, engine: engine, engineName: "builtin", concurrency: 1,
                          allowedStyles: [.animation, .illustration, .sketch, .emoji], defaultStyle: .illustration, name: name, log: log)
    }
}
