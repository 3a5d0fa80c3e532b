import InklingJobs
import Foundation
import InklingBuiltInEngine
import InklingServer
import InklingLimits
import XCTest

/// The router talks to generations and usage limits only through ``GenerationJobs`` and
/// ``UsageLimits``, so a cluster front end can hand it its own (`InklingServer(configuration:engine:jobs:limits:)`).
final class InjectedJobsTests: XCTestCase {
    /// Jobs run elsewhere: no worker takes any, the store is unreachable.
    final class RemoteJobs: GenerationJobs, @unchecked Sendable {
        private let lock = NSLock()
        private var stopped = false
        var isStopped: Bool { lock.withLock { stopped } }

        func submit(_ submission: JobSubmission) async throws(APIError) -> String {
            throw APIError(503, "no_workers", "no worker is running; start `inkling worker --cluster`", retryAfter: 10)
        }
        func events(of id: String) -> AsyncThrowingStream<JobEvent, any Error> {
            AsyncThrowingStream { $0.finish(throwing: APIError.jobNotFound(id)) }
        }
        func status(of id: String, requester: String?) async throws(APIError) -> JobStatus {
            guard id == String(repeating: "5", count: 32) else { throw APIError.jobNotFound(id) }
            return JobStatus(id: id, state: .running, worker: "gpu-1", progress: 0.5, limit: 2, style: "sketch", attempts: 2)
        }
        func cancel(_ id: String, requester: String?, reason: JobCancelReason) async throws(APIError) -> JobStatus {
            try await status(of: id, requester: requester)
        }
        func takeImage(_ id: String, requester: String?) async throws(APIError) -> [UInt8]? { nil }
        func peekImage(_ id: String, requester: String?) async throws(APIError) -> [UInt8]? { nil }
        func availability() async -> JobsAvailability {
            JobsAvailability(mode: "cluster", workers: [
                .init(name: "gpu-1", engine: "comfyui", styles: ["sketch"], concurrency: 3, running: 1, lastSeen: 1.5, jobsDone: 7, failures: 1),
                .init(name: "gpu-2", engine: "comfyui", styles: ["sketch"], concurrency: 2, running: 0, lastSeen: 0.5, jobsDone: 3, failures: 0),
            ], running: 1, queued: 4, queueLimit: 100, throughput: 0.25)
        }
        func unhealthy() async -> String? { "the cluster's Redis at 10.0.0.5:6379 does not answer" }
        func drain(deadline: Double) async {}
        func stop() { lock.withLock { stopped = true } }
    }

    /// Records every charge and refuses none.
    final class CountingLimits: UsageLimits, @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        var charges: [String] { lock.withLock { list } }
        func charge(_ client: String, cost: Double, limits: ClientLimits) async throws(APIError) {
            lock.withLock { list.append("\(client): \(cost)") }
        }
    }

    func testTheRouterUsesTheJobsAndLimitsItIsGiven() throws {
        let jobs = RemoteJobs()
        let limits = CountingLimits()
        let server = try InklingServer(configuration: ServerFixture.configuration(), engine: BuiltInEngine(), jobs: jobs, limits: limits)
        defer { server.stop() }
        let refused = try RawHTTP.post(port: server.port, "/v1/generations", json: ["prompt": "a kite", "limit": 3])
        XCTAssertEqual(refused.status, 503, refused.text)
        XCTAssertEqual(refused.errorCode, "no_workers")
        XCTAssertEqual(refused.headers["retry-after"], "10")
        XCTAssertEqual(limits.charges, ["address 127.0.0.1: 1.0", "address 127.0.0.1: 2.0"], "the body's share first, then the other images")
        let map = try RawHTTP.request(port: server.port, "POST", "/v1/guidance?width=16&height=16", body: try ServerFixture.houseBytes)
        XCTAssertEqual(map.status, 200)
        XCTAssertEqual(limits.charges.last, "address 127.0.0.1: 1.0")

        let job = try RawHTTP.request(port: server.port, "GET", "/v1/jobs/\(String(repeating: "5", count: 32))").json
        XCTAssertEqual(job["worker"] as? String, "gpu-1")
        XCTAssertEqual(job["attempts"] as? Int, 2)
        XCTAssertEqual(job["progress"] as? Double, 0.5)
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", "/v1/jobs/\(String(repeating: "6", count: 32))").errorCode, "job_not_found")

        let report = try RawHTTP.request(port: server.port, "GET", "/v1/availability").json
        XCTAssertEqual(report["mode"] as? String, "cluster")
        XCTAssertEqual(report["available"] as? Bool, false, "the engine answers, but the jobs cannot run")
        XCTAssertEqual(report["reason"] as? String, "the cluster's Redis at 10.0.0.5:6379 does not answer")
        XCTAssertEqual((report["workers"] as? [Any])?.count, 2)
        XCTAssertEqual(report["queued"] as? Int, 4)
        XCTAssertEqual(report["throughput"] as? Double, 0.25)
        XCTAssertEqual(report["generations"] as? [String: Int], ["running": 1, "waiting": 4, "slots": 5, "queue": 100])
        XCTAssertNil(report["storedImages"], "the front end holds no images")
        XCTAssertEqual(report["engine"] as? String, "builtin")

        var health = try RawHTTP.request(port: server.port, "GET", "/healthz")
        XCTAssertTrue(try eventually(3) {
            health = try RawHTTP.request(port: server.port, "GET", "/healthz")
            return health.status == 503
        }, health.text)
        XCTAssertEqual(health.json["status"] as? String, "unavailable")
        XCTAssertEqual(health.json["reason"] as? String, "the cluster's Redis at 10.0.0.5:6379 does not answer")
        XCTAssertEqual(health.headers["cache-control"], "no-store")
        server.stop()
        XCTAssertTrue(jobs.isStopped, "stopping the server stops its jobs")
    }
}
