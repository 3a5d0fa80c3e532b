@testable import InklingJobs
import Foundation
import InklingBase
import InklingBuiltInEngine
@testable import InklingCluster
import InklingRedis
import InklingRedisTestSupport
@testable import InklingServer
import XCTest

/// The cluster logged in as a least-privilege Redis ACL user, and the doctor's check of a
/// user's permissions, against a real redis-server.
final class ClusterRedisUserTests: XCTestCase {
    /// Makes the ACL user `name` (password `pw`) with `rules`, and settings that log in as it
    /// on database 2, with the tests' short timings.
    private func user(_ name: String, rules: String, on redis: RedisTestServer,
                      _ change: (inout ClusterSettings) -> Void = { _ in }) async throws -> ClusterSettings {
        let admin = RedisClient(url: redis.url)
        defer { admin.close() }
        let words = rules.split(separator: " ").map { RedisArgument(String($0)) }
        _ = try await admin.command(["ACL", "SETUSER", .init(name), "reset", "on", ">pw"] + words)
        return ClusterTestSupport.settings(redis) { settings in
            settings.url.user = name
            settings.url.password = "pw"
            settings.url.database = 2
            change(&settings)
        }
    }

    /// What Redis's ACL log holds: one "command or key (reason, context)" per refusal; `reset`
    /// empties it after reading.
    private func refusals(_ redis: RedisTestServer, reset: Bool = false) async throws -> [String] {
        let admin = RedisClient(url: redis.url)
        defer { admin.close() }
        let entries = try await admin.command(["ACL", "LOG"]).array ?? []
        if reset { _ = try await admin.command(["ACL", "LOG", "RESET"]) }
        return entries.map { entry in
            let items = entry.array ?? []
            var fields: [String: String] = [:]
            for i in stride(from: 0, to: items.count - 1, by: 2) { if let key = items[i].text { fields[key] = items[i + 1].text ?? "" } }
            return "\(fields["object"] ?? "?") (\(fields["reason"] ?? "?"), \(fields["context"] ?? "?"))"
        }
    }

    func testTheDocumentedUserRunsTheWholeClusterAndRedisRefusesItNothing() async throws {
        let redis = try RedisTestServer()
        let settings = try await user("inkling", rules: ClusterDoctor.userRules(), on: redis) { $0.maxAttempts = 3 }
        let findings = await ClusterDoctor.check(settings)
        XCTAssertEqual(findings.filter { !$0.ok }.map(\.line), [], "\(findings.map(\.line))")
        XCTAssertTrue(findings.contains { $0.line.hasPrefix("commands: all ") }, "\(findings.map(\.line))")
        // The doctor asked for INFO and CONFIG, which this user may not run; its probe ran everything else.
        let doctorRefusals = try await refusals(redis, reset: true)
        XCTAssertEqual(Set(doctorRefusals), ["info (command, toplevel)", "config|get (command, toplevel)"])

        let jobs = try ClusterJobs(settings: settings, imageTTL: 30, generationTimeout: 60, defaultStyle: "illustration")
        // A job whose worker went quiet, taken over (XAUTOCLAIM, the start script's checks).
        let admin = RedisClient(url: settings.url)
        defer { admin.close() }
        let ghost = try await ClusterTestSupport.jobClaimedByAGhost(jobs, admin, settings, limit: 1)
        let worker = try ClusterWorker(settings: settings, engine: BuiltInEngine(), engineName: "builtin", concurrency: 1,
                                       allowedStyles: [.sketch], defaultStyle: .sketch)
        let running = Task { await worker.run() }
        let rescued = try await ClusterTestSupport.events(jobs, ghost)
        XCTAssertEqual(rescued.last, .done(count: 1), "\(rescued)")

        // A job, its images taken once.
        let id = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 2), owner: "key a"))
        let events = try await ClusterTestSupport.events(jobs, id)
        XCTAssertEqual(events.last, .done(count: 2))
        for case .image(let image) in events {
            let png = try await jobs.takeImage(image.id, requester: "key a")
            XCTAssertNotNil(png)
        }
        let state = try await jobs.status(of: id, requester: "key a").state
        XCTAssertEqual(state, .succeeded)
        worker.stop()
        await running.value

        // A running job cancelled.
        let slow = SlowEngine()
        let stopper = try ClusterWorker(settings: settings, engine: slow, engineName: "builtin", concurrency: 1,
                                        allowedStyles: [.sketch], defaultStyle: .sketch)
        let stopping = Task { await stopper.run() }
        defer { stopper.stop(); stopping.cancel() }
        let cancelled = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: nil))
        try await ClusterTestSupport.eventually(5, "the job runs") { try await jobs.status(of: cancelled, requester: nil).state == .running }
        _ = try await jobs.cancel(cancelled, requester: nil, reason: .requested)
        guard case .cancelled? = try await ClusterTestSupport.events(jobs, cancelled).last else { return XCTFail("not cancelled") }

        // The operator's view.
        let report = try await ClusterReport.read(settings)
        XCTAssertGreaterThanOrEqual(report.workers.count, 1)
        XCTAssertEqual(report.deadLetters, 0)

        let refused = try await refusals(redis)
        XCTAssertEqual(refused, [], "Redis refused the cluster's user")
        let elsewhere = try await RedisClient(url: redis.url).command(["DBSIZE"]).integer
        XCTAssertEqual(elsewhere, 0, "everything went to database 2")
    }

    func testAFrontEndWhoseUserIsRefusedACommandSaysSoAndPointsAtTheDoctor() async throws {
        let redis = try RedisTestServer()
        let settings = try await user("notime", rules: ClusterDoctor.userRules().replacingOccurrences(of: " +time", with: ""), on: redis)
        let admin = RedisClient(url: settings.url)
        defer { admin.close() }
        try await ClusterTestSupport.listGhostWorker(admin, settings)
        let jobs = try ClusterJobs(settings: settings, imageTTL: 30, generationTimeout: 60, defaultStyle: "illustration")
        do {
            _ = try await jobs.submit(JobSubmission(request: try ClusterTestSupport.request(limit: 1), owner: nil))
            XCTFail("the queue script calls TIME, which this user may not run")
        } catch let error as APIError {
            XCTAssertEqual(error.status, 503)
            XCTAssertEqual(error.code, "cluster_unavailable")
            XCTAssertTrue(error.message.contains("refuses a command to this member's user"), error.message)
            XCTAssertTrue(error.message.contains("`inkling doctor --cluster` names the commands"), error.message)
            XCTAssertEqual(error.retryAfter, 60)
        }
    }

    func testTheDoctorSaysAReplicaIsNotThePrimary() async throws {
        let primary = try RedisTestServer()
        let replica = try RedisTestServer()
        _ = try await RedisClient(url: replica.url).command(["REPLICAOF", "127.0.0.1", .init(Int(primary.port))])
        let lines = await ClusterDoctor.check(ClusterSettings(url: replica.url)).map { ($0.ok, $0.line) }
        XCTAssertTrue(lines.contains { !$0.0 && $0.1 == "commands: this Redis is a read-only replica (READONLY); point the cluster at its primary" }, "\(lines)")
    }

    func testTheDoctorNamesWhatTheUserMayNotRun() async throws {
        let redis = try RedisTestServer()
        // Without TIME (the scripts call it) and without INFO (the doctor then probes for 7.0).
        let noTime = try await user("notime", rules: ClusterDoctor.userRules().replacingOccurrences(of: " +time", with: ""), on: redis)
        let lines = await ClusterDoctor.check(noTime).map { ($0.ok, $0.line) }
        XCTAssertTrue(lines.contains { !$0.0 && $0.1.hasPrefix("commands: this Redis user may not run TIME (NOPERM)") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.0 && $0.1.contains("a script with flags runs, so it is 7.0 or later") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.1.hasPrefix("persistence: cannot read CONFIG (") && $0.1.contains("NOPERM") }, "\(lines)")

        // Keys outside its pattern.
        let elsewhere = try await user("elsewhere", rules: ClusterDoctor.userRules(prefix: "other:"), on: redis)
        let keyLines = await ClusterDoctor.check(elsewhere).map { ($0.ok, $0.line) }
        XCTAssertTrue(keyLines.contains { !$0.0 && $0.1.hasPrefix("commands: this Redis user may not touch keys under inkling: (NOPERM)") }, "\(keyLines)")

        // No scripts.
        let noScripts = try await user("noscripts", rules: ClusterDoctor.userRules().replacingOccurrences(of: " +@scripting", with: ""), on: redis)
        let scriptLines = await ClusterDoctor.check(noScripts).map { ($0.ok, $0.line) }
        XCTAssertTrue(scriptLines.contains { !$0.0 && $0.1.contains("may not run EVAL, SCRIPT, EVALSHA (NOPERM)") }, "\(scriptLines)")

        // A user that may not SELECT its database is refused before anything else.
        let noSelect = try await user("noselect", rules: ClusterDoctor.userRules().replacingOccurrences(of: " +@connection", with: ""), on: redis)
        let selectLines = await ClusterDoctor.check(noSelect).map(\.line)
        XCTAssertEqual(selectLines.count, 1)
        XCTAssertTrue(selectLines[0].contains("reachable, but it refused this client") && selectLines[0].contains("select"), "\(selectLines)")

        // The probe leaves nothing behind in the users' database.
        var database = redis.url
        database.database = 2
        let left = try await RedisClient(url: database).command(["DBSIZE"]).integer
        XCTAssertEqual(left, 0)
    }
}
