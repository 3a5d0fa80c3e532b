import Foundation
import InklingBuiltInEngine
@testable import InklingCluster
import InklingJobs
import InklingRedis
import InklingRedisTestSupport
@testable import InklingServer
import InklingTransport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// `GET /v1/live` through a cluster: two front ends and two workers on one redis-server, live
/// sessions on both front ends at once. Their frames are jobs in the live lane.
///
/// Synchronous on purpose (as the cluster's HTTP tests are): the blocking socket reads must not
/// hold a thread that the front ends' tasks or the workers need.
final class ClusterLiveEndpointTests: XCTestCase {
    private static func stroke(_ i: Int) -> String {
        let points = (0..<6).map { #"{"x": \#(8 + 7 * i + 2 * $0), "y": \#(10 + 9 * ($0 % 3))}"# }.joined(separator: ",")
        return #"{"type": "stroke", "stroke": {"ink": {"type": "pen"}, "points": [\#(points)]}}"#
    }

    /// Reads text messages (decoded) and binary frames (their sizes) until `done`, a close, or 60 s.
    private func receive(_ socket: RawWebSocket, until done: ([[String: Any]]) -> Bool) throws -> (messages: [[String: Any]], binaries: [Int]) {
        var messages: [[String: Any]] = []
        var binaries: [Int] = []
        let deadline = Date().addingTimeInterval(60)
        while !done(messages), Date() < deadline, let frame = try socket.receiveSkippingPings() {
            switch frame.opcode {
            case .text: messages.append(try XCTUnwrap(JSONSerialization.jsonObject(with: Data(frame.payload)) as? [String: Any]))
            case .binary: binaries.append(frame.payload.count)
            case .close: return (messages, binaries)
            default: break
            }
        }
        return (messages, binaries)
    }

    func testLiveSessionsOnTwoFrontEndsWithTwoWorkers() throws {
        let redis = try RedisTestServer()
        var settings = ClusterSettings(url: redis.url)
        settings.heartbeatInterval = 0.1
        settings.visibilityTimeout = 1
        let engines = [ValveEngine(), ValveEngine()]
        let workers = try engines.enumerated().map { n, engine in
            try ClusterWorker(settings: settings, engine: engine, engineName: "valve", concurrency: 1, allowedStyles: [.sketch], defaultStyle: .sketch, name: "w\(n)")
        }
        let runs = workers.map { worker in Task { await worker.run() } }
        defer { for (worker, run) in zip(workers, runs) { worker.stop(); run.cancel() } }
        let frontEnds = try (0..<2).map { n in
            try ClusterJobs(settings: settings, imageTTL: 30, generationTimeout: 60, defaultStyle: "sketch", name: "fe\(n)")
        }
        let servers = try frontEnds.map { jobs in
            var configuration = ServerConfiguration()
            configuration.host = "127.0.0.1"
            configuration.port = 0
            configuration.tokensPerSecond = 1000
            configuration.burst = 1000
            return try InklingServer(configuration: configuration, engine: BuiltInEngine(), jobs: jobs,
                                     limits: ClusterUsageLimits(settings: settings, rate: 1000, capacity: 1000))
        }
        defer { for server in servers { server.stop() } }
        let joined = Date().addingTimeInterval(10)
        while try blocking({ await frontEnds[0].availability().workers.count }) < 2 {
            XCTAssertLessThan(Date(), joined, "both workers join")
            Thread.sleep(forTimeInterval: 0.05)
        }

        // Two sessions on each front end, their strokes interleaved.
        let sockets = try servers.flatMap { server in try (0..<2).map { _ in try RawWebSocket(port: server.port, path: "/v1/live") } }
        for socket in sockets {
            try socket.send(text: #"{"type": "start", "canvas": {"width": 64, "height": 64}, "prompt": "a kite", "style": "sketch", "options": {"size": "64x64"}}"#)
        }
        for i in 0..<4 { for socket in sockets { try socket.send(text: Self.stroke(i)) } }
        for socket in sockets { try socket.send(text: #"{"type": "undo"}"#) }
        for (n, socket) in sockets.enumerated() {
            let received = try receive(socket) { messages in
                messages.contains { ($0["type"] as? String) == "state" && ($0["state"] as? String) == "upToDate" && ($0["revision"] as? Int) == 5 }
            }
            let frames = received.messages.filter { ($0["type"] as? String) == "frame" }
            let revisions = frames.compactMap { $0["revision"] as? Int }
            XCTAssertEqual(revisions, revisions.sorted(), "session \(n): frames never go backwards")
            XCTAssertEqual(Set(revisions).count, revisions.count, "session \(n)")
            XCTAssertEqual(revisions.last, 5, "session \(n): the last frame answers the last revision: \(received.messages)")
            XCTAssertEqual(received.binaries, frames.compactMap { $0["bytes"] as? Int }, "session \(n): each header is followed by its image")
            XCTAssertFalse(received.messages.contains { ($0["type"] as? String) == "error" }, "session \(n): \(received.messages)")
        }

        // A session that disconnects while its frame runs: the frame's job ends cancelled, and
        // any front end says so.
        for engine in engines { engine.hold() }
        try sockets[0].send(text: Self.stroke(9))
        let client = RedisClient(url: redis.url)
        var running: String?
        let started = Date().addingTimeInterval(10)
        while running == nil, Date() < started {
            for key in try redis.keys(matching: "inkling:job:*") where key.split(separator: ":").count == 3 {
                let fields = try blocking { try await client.command(["HMGET", .init(key), "lane", "state"]).array?.map(\.text) ?? [] }
                if fields == ["live", "running"] { running = String(key.split(separator: ":")[2]) }
            }
            if running == nil { Thread.sleep(forTimeInterval: 0.02) }
        }
        let id = try XCTUnwrap(running, "the frame's job runs on a worker")
        shutdown(sockets[0].connection.fd, Int32(SHUT_RDWR))
        let ended = Date().addingTimeInterval(10)
        var state = JobState.running
        while state != .cancelled, Date() < ended {
            state = try blocking { try await frontEnds[1].status(of: id, requester: nil).state }
            if state != .cancelled { Thread.sleep(forTimeInterval: 0.02) }
        }
        XCTAssertEqual(state, .cancelled, "the disconnected session's job")
        XCTAssertEqual(engines.map(\.cancelled).reduce(0, +), 1, "its engine work was cancelled")
        for engine in engines { engine.release() }
        let keys = settings.keys
        let dead = try blocking { try await client.command(["XLEN", .init(keys.deadLetter)]).integer }
        XCTAssertEqual(dead, 0, "no dead letters")
        let waiting = try blocking {
            try await client.pipeline([["XLEN", .init(keys.jobs(engine: "valve", lane: .live))], ["XLEN", .init(keys.jobs(engine: "valve"))]])
                .map { $0.integer ?? -1 }
        }
        XCTAssertEqual(waiting, [0, 0], "no entry is left in the live or batch stream")
    }

    /// Runs `body` on the cooperative pool and waits here for what it returns.
    private func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        return try XCTUnwrap(box.result).get()
    }
}

/// What an async body came to, handed to a waiting thread (written before the semaphore's signal).
private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
