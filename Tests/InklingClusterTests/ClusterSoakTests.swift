import Foundation
import InklingBase
import InklingRedis
import InklingRedisTestSupport
import XCTest

/// A thousand jobs through four workers while workers are killed at random.
final class ClusterSoakTests: XCTestCase {
    func testAThousandJobsThroughFourWorkersWithRandomKills() async throws {
        let jobs = Int(ProcessInfo.processInfo.environment["INKLING_SOAK_JOBS"] ?? "") ?? 1000
        let cluster = try ClusterProcesses(heartbeat: 0.2, visibility: 2)
        let (_, first) = try cluster.frontEnd(["--cluster-queue", "5000", "--image-ttl", "600"])
        let (_, second) = try cluster.frontEnd(["--cluster-queue", "5000", "--image-ttl", "600"])
        var workers = try (0..<4).map { _ in try cluster.worker() }
        let body = try ClusterTestSupport.body(limit: 1, style: "sketch")
        var ids: [String] = []
        for i in 0..<jobs {
            let front = i % 2 == 0 ? first : second
            let answer = try HTTP.send("POST", front.appendingPathComponent("v1/generations"), body: body, headers: ["Prefer": "respond-async"])
            XCTAssertEqual(answer.status, 202, answer.text)
            ids.append(answer.json["id"] as? String ?? "")
        }
        let client = RedisClient(url: cluster.redis.url)
        var kills = 0
        var killed: Set<String> = []  // the killed workers' cluster names
        let deadline = Date().addingTimeInterval(Double(jobs) * 0.5 + 120)
        var states: [String] = []
        while Date() < deadline {
            states = try await client.pipeline(ids.map { ["HGET", .init("inkling:job:\($0)"), "state"] }).map { $0.text ?? "gone" }
            if states.allSatisfy({ ["succeeded", "failed", "cancelled", "gone"].contains($0) }) { break }
            // Every second or so, kill a random worker and start a new one (as a crash and a restart).
            try await Task.sleep(for: .milliseconds(1000))
            if kills < 12, Bool.random() {
                let victim = workers.remove(at: Int.random(in: 0..<workers.count))
                victim.kill()
                killed.insert(victim.clusterName ?? victim.name)
                kills += 1
                workers.append(try cluster.worker())
            }
        }
        XCTAssertGreaterThan(kills, 0)
        let announced = try await client.pipeline(ids.map { ["XRANGE", .init("inkling:job:\($0):events"), "-", "+"] })
        let events = announced.map { reply in (reply.array ?? []).compactMap { $0.array?.last?.array?.last?.text } }
        // A job whose every worker this test killed may be given up after its attempts: that is
        // the designed answer (failed, with a clear error), not a fault. A job given up while
        // one of its workers lived means a worker went quiet without dying, and fails the test.
        let givenUp = Set(zip(ids, zip(states, events)).compactMap { id, job in
            Self.givenUpAfterKills(state: job.0, events: job.1, killed: killed) ? id : nil
        })
        let tally = Dictionary(grouping: states, by: { $0 }).mapValues(\.count)
        XCTAssertEqual((tally["succeeded"] ?? 0) + givenUp.count, jobs, "every job answered: \(tally), \(givenUp.count) given up after kills")
        XCTAssertLessThanOrEqual(givenUp.count, 2, "a job's every worker killed is rare; this many says something else")
        // What the members said about a job that did not succeed (their logs go with the test).
        for (id, state) in zip(ids, states) where state != "succeeded" {
            let said = cluster.logLines(mentioning: id)
            let verdict = givenUp.contains(id) ? " (each of its workers was killed by the test)" : ""
            print("soak: job \(id) ended \(state)\(verdict); the members said: \(said.isEmpty ? "nothing of it" : said.joined(separator: " | "))")
        }
        // None twice: each job announced exactly one image (none if given up), and it downloads once.
        var duplicates = 0
        var imageIDs: [String] = []
        var unexpected: [String] = []
        for (job, events) in zip(ids, events) {
            let images = events.filter { $0.contains("\"type\":\"image\"") }
            if images.count != (givenUp.contains(job) ? 0 : 1) { duplicates += 1 }
            if let text = images.first, let range = text.range(of: "\"id\":\""), images.count == 1 {
                imageIDs.append(String(text[range.upperBound...].prefix(32)))
            } else if !givenUp.contains(job) {
                unexpected.append("\(job): \(events)")
            }
        }
        XCTAssertEqual(duplicates, 0, "jobs that announced other than one image: \(unexpected.prefix(5))")
        XCTAssertEqual(imageIDs.count, jobs - givenUp.count, "jobs without one readable image event: \(unexpected.prefix(5))")
        var downloads = 0
        var refusals: [String] = []
        for (i, id) in imageIDs.enumerated() {
            let front = i % 2 == 0 ? second : first
            // A 503 says "retry"; so does a 408 on a kept-alive connection that sat idle past the
            // front end's head timeout while the test waited (the request was never read).
            for attempt in 0..<3 {
                let answer = try HTTP.send("GET", front.appendingPathComponent("v1/images/\(id)"))
                if answer.status == 200 { downloads += 1; break }
                refusals.append("\(id): \(answer.status) \(answer.text.prefix(200))")
                guard answer.status == 503 || answer.status == 408, attempt < 2 else { break }
                try await Task.sleep(for: .seconds(1))
            }
        }
        XCTAssertEqual(downloads, imageIDs.count, "refused downloads: \(refusals)")
        if !refusals.isEmpty { print("soak: downloads answered, then retried: \(refusals)") }
        // Nothing left but the finished jobs' records, which expire with the image TTL; the
        // queue is empty and every stream entry acknowledged.
        let queued = try await client.command(["ZCARD", "inkling:queue"]).integer
        XCTAssertEqual(queued, 0)
        let pending = try await client.command(["XPENDING", "inkling:jobs:builtin", "workers"]).array?.first?.integer
        XCTAssertEqual(pending, 0)
        let images = try cluster.redis.keys(matching: "inkling:image:*")
        XCTAssertEqual(images, [], "every image was downloaded and deleted")
        let inputs = try await client.pipeline(ids.flatMap { id in ["spec", "drawing"].map { ["HEXISTS", .init("inkling:job:\(id)"), .init($0)] } })
            .filter { $0.integer == 1 }
        XCTAssertEqual(inputs.count, 0, "no job kept its request")
        print("soak: \(jobs) jobs, \(kills) workers killed, all answered once (\(givenUp.count) given up after each of their workers was killed)")
    }

    /// The soak forgives a job given up only when the test killed every worker that started it.
    func testAJobIsForgivenOnlyWhenEveryWorkerThatStartedItWasKilled() {
        let started = { (worker: String) in #"{"limit":1,"notices":[],"style":"sketch","type":"started","worker":"\#(worker)"}"# }
        let exhausted = #"{"error":{"code":"attempts_exhausted","message":"…","status":500},"type":"failed"}"#
        let events = [#"{"type":"queued"}"#, started("w10-4711"), started("w13-2"), started("w17-99"), exhausted]
        let all: Set = ["w10-4711", "w13-2", "w17-99"]
        XCTAssertTrue(Self.givenUpAfterKills(state: "failed", events: events, killed: all.union(["w3-5"])))
        XCTAssertFalse(Self.givenUpAfterKills(state: "failed", events: events, killed: ["w10-4711", "w13-2"]), "w17 lived")
        XCTAssertFalse(Self.givenUpAfterKills(state: "failed", events: events, killed: ["w1-4711", "w13-2", "w17-99"]), "w1-4711 is not w10-4711")
        XCTAssertFalse(Self.givenUpAfterKills(state: "failed", events: Array(events.dropLast()) + [#"{"type":"failed","error":{"code":"engine_failed"}}"#],
                                              killed: all), "another error")
        XCTAssertFalse(Self.givenUpAfterKills(state: "succeeded", events: events, killed: all))
        XCTAssertFalse(Self.givenUpAfterKills(state: "failed", events: [#"{"type":"queued"}"#, exhausted], killed: all), "no worker started it")
    }

    /// Whether a job ended failed with `attempts_exhausted` and every worker that started it
    /// (its `started` events) is one the test killed (`killed`: their cluster names).
    static func givenUpAfterKills(state: String, events: [String], killed: Set<String>) -> Bool {
        guard state == "failed", events.last?.contains("\"code\":\"attempts_exhausted\"") == true else { return false }
        let holders = events.compactMap { text -> String? in
            guard let event = try? JSONValue.parse(Array(text.utf8)), event["type"]?.string == "started" else { return nil }
            return event["worker"]?.string ?? ""
        }
        return !holders.isEmpty && holders.allSatisfy(killed.contains)
    }
}
