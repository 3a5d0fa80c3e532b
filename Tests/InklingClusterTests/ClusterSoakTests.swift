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
        // One client keeps a thousand images waiting: its key's share of the image store says so
        // (the default, 64 MiB, holds about 300 of them).
        let keys = cluster.directory.appendingPathComponent("keys.txt")
        try "soak-client store=1GB\n".write(to: keys, atomically: true, encoding: .utf8)
        let key = ["X-API-Key": "soak-client"]
        let (_, first) = try cluster.frontEnd(["--cluster-queue", "5000", "--image-ttl", "600", "--api-keys", keys.path])
        let (_, second) = try cluster.frontEnd(["--cluster-queue", "5000", "--image-ttl", "600", "--api-keys", keys.path])
        var workers = try (0..<4).map { _ in try cluster.worker() }
        let body = try ClusterTestSupport.body(limit: 1, style: "sketch")
        var ids: [String] = []
        for i in 0..<jobs {
            let front = i % 2 == 0 ? first : second
            let answer = try HTTP.send("POST", front.appendingPathComponent("v1/generations"), body: body, headers: ["Prefer": "respond-async"].merging(key) { $1 })
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
                let answer = try HTTP.send("GET", front.appendingPathComponent("v1/images/\(id)"), headers: key)
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

    /// Front ends killed with SIGKILL at random moments while clients submit: every job a front
    /// end accepted (202, or 200 with its images) ends with one image; a job whose front end
    /// died before it answered still runs to its end or expires with the TTL, never stuck.
    func testFrontEndsKilledAtRandomMomentsLoseNoAcceptedJob() async throws {
        let cluster = try ClusterProcesses(heartbeat: 0.2, visibility: 2)
        let frontEndArguments = ["--cluster-queue", "5000", "--image-ttl", "120"]
        let frontEnds = Locked(try (0..<2).map { _ in try cluster.frontEnd(frontEndArguments) })
        for _ in 0..<3 { _ = try cluster.worker() }
        let body = try ClusterTestSupport.body(limit: 1, style: "sketch")
        /// What the clients saw: accepted job ids, the image ids of synchronous answers, requests
        /// that got no answer (their front end was killed), and any other answer (a fault).
        struct Seen { var accepted: [String] = []; var images: [String] = []; var unanswered = 0; var faults: [String] = [] }
        let seen = Locked(Seen())
        let clientsEnd = Date().addingTimeInterval(6)
        let clients = DispatchGroup()
        for client in 0..<3 {
            clients.enter()
            Thread.detachNewThread {
                defer { clients.leave() }
                var i = 0
                while Date() < clientsEnd {
                    i += 1
                    let front = frontEnds.read { $0.randomElement()!.1 }
                    let synchronous = (i + client) % 4 == 0
                    do {
                        let answer = try HTTP.send("POST", front.appendingPathComponent("v1/generations"), body: body,
                                                   headers: synchronous ? [:] : ["Prefer": "respond-async"], timeout: 30)
                        seen.write { seen in
                            switch answer.status {
                            case 202: seen.accepted.append(answer.json["id"] as? String ?? "")
                            case 200: seen.images += ((answer.json["images"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
                            default: seen.faults.append("\(answer.status) \(answer.text.prefix(200))")
                            }
                        }
                    } catch {
                        seen.write { $0.unanswered += 1 }
                    }
                    usleep(UInt32.random(in: 50_000...150_000))
                }
            }
        }
        // Kill a random front end every half second or so and start another in its place.
        var kills = 0
        while Date() < clientsEnd {
            try await Task.sleep(for: .milliseconds(Int.random(in: 300...800)))
            let index = Int.random(in: 0..<2)
            let victim = frontEnds.read { $0[index].0 }
            let replacement = try cluster.frontEnd(frontEndArguments)
            frontEnds.write { $0[index] = replacement }
            victim.kill()
            kills += 1
        }
        await withCheckedContinuation { continuation in clients.notify(queue: .global()) { continuation.resume() } }
        let result = seen.read { $0 }
        XCTAssertEqual(result.faults, [], "answers other than 202 and 200")
        // About nine kills and thirty accepted jobs here; fewer on a loaded machine, where a front end starts slower.
        XCTAssertGreaterThanOrEqual(kills, 3)
        XCTAssertGreaterThanOrEqual(result.accepted.count, 10)

        // Every job in Redis (those whose front end died before answering too) ends; none is stuck.
        let client = RedisClient(url: cluster.redis.url)
        var states: [String: String] = [:]
        let deadline = Date().addingTimeInterval(180)
        repeat {
            let jobs = try cluster.redis.keys(matching: "inkling:job:*").filter { $0.split(separator: ":").count == 3 }
            let replies = try await client.pipeline(jobs.map { ["HGET", .init($0), "state"] })
            states = Dictionary(uniqueKeysWithValues: zip(jobs.map { String($0.dropFirst("inkling:job:".count)) }, replies.map { $0.text ?? "none" }))
            if states.values.allSatisfy({ ["succeeded", "none"].contains($0) }) { break }
            try await Task.sleep(for: .milliseconds(500))
        } while Date() < deadline
        let tally = Dictionary(grouping: states.values, by: { $0 }).mapValues(\.count)
        XCTAssertEqual(Set(states.values).subtracting(["succeeded", "none"]), [], "jobs not succeeded: \(tally)")
        for id in result.accepted { XCTAssertEqual(states[id], "succeeded", "accepted job \(id)") }
        // A record with no state is a job spec whose queueing its front end never finished: it expires.
        let unqueued = states.filter { $0.value == "none" }.map(\.key)
        let ttls = try await client.pipeline(unqueued.map { ["TTL", .init("inkling:job:\($0)")] }).map { $0.integer ?? -2 }
        XCTAssertTrue(ttls.allSatisfy { (1...300).contains($0) }, "unqueued job records must expire: \(ttls)")

        // Each accepted job announced exactly one image; every image downloads once, through a live front end.
        let announced = try await client.pipeline(result.accepted.map { ["XRANGE", .init("inkling:job:\($0):events"), "-", "+"] })
        var images = result.images
        for (id, reply) in zip(result.accepted, announced) {
            let events = (reply.array ?? []).compactMap { $0.array?.last?.array?.last?.text }.filter { $0.contains("\"type\":\"image\"") }
            XCTAssertEqual(events.count, 1, "job \(id) announced \(events.count) images")
            if let text = events.first, let range = text.range(of: "\"id\":\"") { images.append(String(text[range.upperBound...].prefix(32))) }
        }
        let front = frontEnds.read { $0[0].1 }
        for id in images {
            XCTAssertEqual(try HTTP.send("GET", front.appendingPathComponent("v1/images/\(id)")).status, 200, "image \(id)")
            XCTAssertEqual(try HTTP.send("GET", front.appendingPathComponent("v1/images/\(id)")).status, 404, "image \(id) a second time")
        }
        print("front-end kills: \(kills) front ends killed; \(result.accepted.count) jobs accepted, \(result.images.count) images answered "
              + "synchronously, \(result.unanswered) requests cut off; \(states.count) jobs in Redis: \(tally)")
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
