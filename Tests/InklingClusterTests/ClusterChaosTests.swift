import Foundation
import InklingRedis
import InklingRedisTestSupport
import XCTest

/// Two hundred async jobs through two front ends and three workers while workers are killed,
/// Redis restarts without persistence and then fills up: every accepted job is answered with
/// an image or a stated reason, and none is started twice while its worker lives.
final class ClusterChaosTests: XCTestCase {
    /// What the clients saw of one accepted job.
    struct Seen {
        var id: String
        var frontEnd: Int
    }

    func testTwoHundredJobsThroughKillsARedisRestartAndAFullRedisAreEachAnswered() async throws {
        let wanted = Int(ProcessInfo.processInfo.environment["INKLING_CHAOS_JOBS"] ?? "") ?? 200
        let cluster = try ClusterProcesses(heartbeat: 0.2, visibility: 2)  // no AOF, no snapshots
        let arguments = ["--cluster-queue", "5000", "--image-ttl", "60"]
        let frontEnds = [try cluster.frontEnd(arguments).1, try cluster.frontEnd(arguments).1]
        let workers = Locked(try (0..<3).map { _ in try cluster.worker() })
        let killed = Locked<Set<String>>([])  // the killed workers' log names
        // 512² images: slow enough here (a few a second) that a queue builds up, so jobs wait,
        // run and are held while Redis restarts and while it is full.
        let body = Array(String(decoding: try ClusterTestSupport.body(limit: 1, style: "sketch"), as: UTF8.self)
            .replacingOccurrences(of: "\"size\":\"256x256\"", with: "\"size\":\"512x512\"").utf8)

        // Clients submit at about 20 jobs a second, retrying what is refused (Redis down or full).
        let accepted = Locked<[Seen]>([])
        let refusals = Locked<[String: Int]>([:])
        let clients = Task.detached {
            var i = 0
            while accepted.read({ $0.count }) < wanted {
                i += 1
                let front = i % 2
                if let answer = try? HTTP.send("POST", frontEnds[front].appendingPathComponent("v1/generations"), body: body,
                                               headers: ["Prefer": "respond-async"], timeout: 30) {
                    if answer.status == 202, let id = answer.json["id"] as? String {
                        accepted.write { $0.append(Seen(id: id, frontEnd: front)) }
                    } else {
                        refusals.write { $0["\(answer.status) \(answer.errorCode ?? "?")", default: 0] += 1 }
                        usleep(100_000)
                    }
                } else {
                    refusals.write { $0["no answer", default: 0] += 1 }
                }
                usleep(50_000)
            }
        }

        // The chaos, while they submit.
        func killAWorker() throws {
            let victim = workers.write { $0.remove(at: Int.random(in: 0..<$0.count)) }
            victim.kill()
            killed.write { $0.insert(victim.name) }
            let replacement = try cluster.worker()
            workers.write { $0.append(replacement) }
        }
        let admin = RedisClient(url: cluster.redis.url)
        try await Task.sleep(for: .milliseconds(1500))
        try killAWorker()
        try await Task.sleep(for: .milliseconds(1500))
        let beforeRestart = accepted.read { $0.count }
        try cluster.redis.restart()
        try await Task.sleep(for: .milliseconds(2000))
        let beforeFull = accepted.read { $0.count }
        _ = try await admin.pipeline([["CONFIG", "SET", "maxmemory-policy", "noeviction"], ["CONFIG", "SET", "maxmemory", "1"]])
        try await Task.sleep(for: .seconds(5))
        _ = try await admin.command(["CONFIG", "SET", "maxmemory", "0"])
        try await Task.sleep(for: .milliseconds(1500))
        try killAWorker()
        _ = await clients.result

        // Every accepted job, asked about through the other front end, ends with a state that says what became of it.
        let jobs = accepted.read { $0 }
        var answers: [String: [String: Any]] = [:]
        var images = 0
        var downloads = 0
        var refusedDownloads: [String] = []
        let deadline = Date().addingTimeInterval(150)
        var open = jobs
        while !open.isEmpty, Date() < deadline {
            var still: [Seen] = []
            for job in open {
                let answer = try HTTP.send("GET", frontEnds[1 - job.frontEnd].appendingPathComponent("v1/jobs/\(job.id)"))
                answers[job.id] = answer.json.merging(["httpStatus": answer.status]) { $1 }
                if answer.status == 200, let state = answer.json["state"] as? String, ["succeeded", "failed", "cancelled"].contains(state) {
                    // Its images, downloaded at once through the front end that accepted it.
                    for image in (answer.json["images"] as? [[String: Any]]) ?? [] {
                        images += 1
                        guard let id = image["id"] as? String else { continue }
                        let got = try HTTP.send("GET", frontEnds[job.frontEnd].appendingPathComponent("v1/images/\(id)"))
                        if got.status == 200 { downloads += 1 } else { refusedDownloads.append("\(id): \(got.status) \(got.text.prefix(160))") }
                    }
                    continue
                }
                if answer.status == 404 { continue }  // vanished: counted below
                still.append(job)
            }
            open = still
            if !open.isEmpty { try await Task.sleep(for: .milliseconds(500)) }
        }
        XCTAssertEqual(open.count, 0, "jobs that did not end within 150 s: \(open.prefix(5).map(\.id))")

        var tally: [String: Int] = [:]
        var vanished: [String] = []
        for job in jobs {
            guard let answer = answers[job.id] else { continue }
            if answer["httpStatus"] as? Int == 404 {
                vanished.append(job.id)
                continue
            }
            let state = answer["state"] as? String ?? "?"
            let code = (answer["error"] as? [String: Any])?["code"] as? String
            tally[code.map { "\(state) \($0)" } ?? state, default: 0] += 1
        }
        XCTAssertEqual(vanished, [], "accepted jobs answered 404")
        let reasons: Set = ["succeeded", "failed lost", "cancelled queue_timeout"]
        XCTAssertEqual(Set(tally.keys).subtracting(reasons), [], "only images, `lost` and `queue_timeout`: \(tally)")
        XCTAssertGreaterThan(tally["succeeded"] ?? 0, 0)
        XCTAssertGreaterThan(tally["failed lost"] ?? 0, 0, "jobs were queued when Redis restarted: \(tally)")
        XCTAssertEqual(downloads, images, "every image of a succeeded job downloads: \(refusedDownloads.prefix(5))")

        // Starts, from the workers' logs: a job started again only after the worker that had it was killed.
        var attempts: [String: [(attempt: Int, worker: String)]] = [:]
        for line in cluster.logLines(mentioning: ": started (attempt ") {
            let parts = line.split(separator: " ")
            guard parts.count > 2, let worker = parts.first?.dropLast(), let id = parts.first(where: { $0.count == 33 && $0.hasSuffix(":") })?.dropLast(),
                  let attempt = parts.last.flatMap({ Int($0.dropLast()) }) else { continue }
            attempts[String(id), default: []].append((attempt, String(worker)))
        }
        let starts = attempts.mapValues { $0.sorted { $0.attempt < $1.attempt }.map(\.worker) }
        let dead = killed.read { $0 }
        let twiceWhileAlive = starts.filter { _, workers in workers.dropLast().contains { !dead.contains($0) } }
        XCTAssertEqual(twiceWhileAlive.count, 0, "jobs started again while the worker that had them lived: \(Array(twiceWhileAlive.prefix(5)))")
        for id in twiceWhileAlive.keys.prefix(5) { print("chaos: job \(id): the members said: \(cluster.logLines(mentioning: id).joined(separator: " | "))") }
        let restarted = starts.values.filter { $0.count > 1 }.count
        // Redis was full while workers had jobs: they held them (or their images) rather than letting go.
        let held = cluster.logLines(mentioning: "Redis is full (maxmemory)").count
        XCTAssertGreaterThan(held, 0, "no worker met the full Redis with a job in hand")
        print("chaos: \(jobs.count) jobs accepted (\(beforeRestart) before the Redis restart, \(beforeFull) before Redis filled up); "
              + "answers: \(tally.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")); "
              + "\(vanished.count) answered 404; \(downloads) of \(images) images downloaded; \(dead.count) workers killed, "
              + "\(restarted) jobs started again after their worker was killed, \(twiceWhileAlive.count) while it lived; "
              + "\(held) times a worker held a job or image while Redis was full; "
              + "refused submissions: \(refusals.read { $0 })")
    }
}
