import Foundation
import InklingRedis
import InklingRedisTestSupport
import XCTest

/// Front ends and workers as separate processes around a real redis-server: what the cluster
/// promises when members are killed at any moment and Redis goes away.
final class ClusterProcessTests: XCTestCase {
    /// A generation body: the bundled house, a prompt, `limit` images at 512² (the built-in
    /// engine's smallest), `extra` fields.
    private func body(limit: Int = 2, extra: String = "") throws -> [UInt8] {
        try ClusterTestSupport.body(limit: limit, style: "sketch", extra: extra)
    }

    /// Submits with `Prefer: respond-async`; the job id.
    private func submit(_ frontEnd: URL, limit: Int = 2, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let answer = try HTTP.send("POST", frontEnd.appendingPathComponent("v1/generations"), body: try body(limit: limit), headers: ["Prefer": "respond-async"])
        XCTAssertEqual(answer.status, 202, answer.text, file: file, line: line)
        return answer.json["id"] as? String ?? ""
    }

    /// GET /v1/jobs/{id} until its state is final (or `seconds` pass); the last answer.
    private func waitForEnd(_ frontEnd: URL, _ id: String, seconds: Double = 60) throws -> [String: Any] {
        let end = Date().addingTimeInterval(seconds)
        var last: [String: Any] = [:]
        while Date() < end {
            let answer = try HTTP.send("GET", frontEnd.appendingPathComponent("v1/jobs/\(id)"))
            last = answer.json
            if let state = last["state"] as? String, ["succeeded", "failed", "cancelled"].contains(state) { return last }
            usleep(50_000)
        }
        XCTFail("job \(id) did not end within \(seconds) s: \(last)")
        return last
    }

    /// The image entries the job's event stream announced (each delivery is one event).
    private func announcedImages(_ cluster: ClusterProcesses, _ id: String) async throws -> [String] {
        let reply = try await RedisClient(url: cluster.redis.url).command(["XRANGE", .init("inkling:job:\(id):events"), "-", "+"])
        return (reply.array ?? []).compactMap { entry in
            guard let fields = entry.array?.last?.array, fields.count == 2, let text = fields[1].text, text.contains("\"type\":\"image\"") else { return nil }
            return text
        }
    }

    func testAJobSubmittedToOneFrontEndIsFollowedAndDownloadedThroughTheOther() throws {
        let cluster = try ClusterProcesses()
        let (_, first) = try cluster.frontEnd()
        let (_, second) = try cluster.frontEnd()
        for _ in 0..<3 { _ = try cluster.worker() }
        let ids = try (0..<3).map { _ in try submit(first) }
        for id in ids {
            let status = try waitForEnd(second, id)
            XCTAssertEqual(status["state"] as? String, "succeeded", "\(status)")
            let images = status["images"] as? [[String: Any]] ?? []
            XCTAssertEqual(images.count, 2)
            for image in images {
                let url = second.appendingPathComponent("v1/images/\(image["id"] as? String ?? "")")
                XCTAssertEqual(try HTTP.send("GET", url).status, 200)
                XCTAssertEqual(try HTTP.send("GET", first.appendingPathComponent(url.path)).status, 404, "downloaded once, from any front end")
            }
        }
        // A waiting (synchronous) request and a stream work through the cluster too.
        let sync = try HTTP.send("POST", second.appendingPathComponent("v1/generations"), body: try body(limit: 1))
        XCTAssertEqual(sync.status, 200, sync.text)
        XCTAssertEqual((sync.json["images"] as? [Any])?.count, 1)
        let stream = try HTTP.send("POST", first.appendingPathComponent("v1/generations"), body: try body(limit: 2, extra: ",\"stream\":true"))
        let lines = stream.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.contains("\"type\":\"image\"") }.count, 2, stream.text)
        XCTAssertTrue(lines.last?.contains("\"type\":\"done\"") == true, stream.text)
        let availability = try HTTP.send("GET", first.appendingPathComponent("v1/availability")).text
        XCTAssertTrue(availability.contains("\"cluster\""), availability)
    }

    func testKillingAWorkerMidJobLosesNothingAndDuplicatesNothing() async throws {
        let cluster = try ClusterProcesses()
        let config = try cluster.fakeEngines(stepSeconds: 0.05)  // 20 steps: about 1 s per image
        let (_, frontEnd) = try cluster.frontEnd()
        let workers = try (0..<3).map { _ in try cluster.worker(["--engine", "comfyui", "--config", config]) }
        let id = try submit(frontEnd, limit: 3)
        // Wait until a worker has it and has delivered at least one image, then kill that worker.
        var victim: String?
        let end = Date().addingTimeInterval(30)
        while Date() < end, victim == nil {
            let status = try HTTP.send("GET", frontEnd.appendingPathComponent("v1/jobs/\(id)")).json
            if (status["images"] as? [Any])?.isEmpty == false, let worker = status["worker"] as? String { victim = worker }
            usleep(20_000)
        }
        guard let victim, let member = workers.first(where: { $0.output.contains(victim) }) else { return XCTFail("no worker took the job") }
        member.kill()
        let status = try waitForEnd(frontEnd, id, seconds: 90)
        XCTAssertEqual(status["state"] as? String, "succeeded", "\(status)")
        XCTAssertGreaterThanOrEqual(status["attempts"] as? Int ?? 0, 2, "it ran again elsewhere")
        XCTAssertNotEqual(status["worker"] as? String, victim)
        let images = status["images"] as? [[String: Any]] ?? []
        XCTAssertEqual(images.compactMap { $0["variation"] as? Int }.sorted(), [1, 2, 3])
        let announced = try await announcedImages(cluster, id)
        XCTAssertEqual(announced.count, 3, "each image announced once: \(announced)")
    }

    func testKillingAFrontEndMidStreamGivesItsClientAnErrorAndTheImagesExpire() async throws {
        let cluster = try ClusterProcesses()
        let config = try cluster.fakeEngines(stepSeconds: 0.05)
        let (frontEndProcess, frontEnd) = try cluster.frontEnd(["--image-ttl", "3"])
        _ = try cluster.worker(["--engine", "comfyui", "--config", config])
        let killer = Task.detached {
            try? await Task.sleep(for: .milliseconds(1500))
            frontEndProcess.kill()
        }
        XCTAssertThrowsError(try HTTP.send("POST", frontEnd.appendingPathComponent("v1/generations"),
                                           body: try body(limit: 3, extra: ",\"stream\":true")), "the client sees the connection end")
        _ = await killer.value
        // The job finishes on its worker; nobody downloads; after the TTL nothing of it is left.
        try await Task.sleep(for: .seconds(12))
        let left = try cluster.redis.keys(matching: "inkling:*").filter { $0.contains(":job:") || $0.contains(":image:") }
        XCTAssertEqual(left, [], "job and image keys left after the TTL")
    }

    func testQueuedJobsSurviveARedisRestartWithAOF() throws {
        let cluster = try ClusterProcesses(appendOnly: true)
        let (_, frontEnd) = try cluster.frontEnd()
        // Workers join (so the engine is routable), then vanish before they can take anything.
        let worker = try cluster.worker()
        worker.kill()
        let ids = try (0..<4).map { _ in try submit(frontEnd, limit: 1) }
        cluster.redis.kill()
        try cluster.redis.restart()
        _ = try cluster.worker()
        _ = try cluster.worker()
        for id in ids {
            let status = try waitForEnd(frontEnd, id)
            XCTAssertEqual(status["state"] as? String, "succeeded", "\(status)")
        }
    }

    func testRedisUnreachableIsA503AndHealthzSaysWhyUntilItReturns() throws {
        let cluster = try ClusterProcesses(appendOnly: true)
        let (_, frontEnd) = try cluster.frontEnd()
        _ = try cluster.worker()
        cluster.redis.kill()
        let refused = try HTTP.send("POST", frontEnd.appendingPathComponent("v1/generations"), body: try body(limit: 1))
        XCTAssertEqual(refused.status, 503, refused.text)
        XCTAssertEqual(refused.errorCode, "cluster_unavailable")
        XCTAssertNotNil(refused.headers["retry-after"])
        // /healthz reads the cluster's health from a refresh once a second.
        var health = try HTTP.send("GET", frontEnd.appendingPathComponent("healthz"))
        for _ in 0..<30 where health.status != 503 {
            usleep(100_000)
            health = try HTTP.send("GET", frontEnd.appendingPathComponent("healthz"))
        }
        XCTAssertEqual(health.status, 503)
        XCTAssertTrue(health.text.contains("Redis"), health.text)
        // Guidance maps need no Redis.
        let guidance = try HTTP.send("POST", frontEnd.appendingPathComponent("v1/guidance"), body: try ClusterTestSupport.houseBytes)
        XCTAssertEqual(guidance.status, 200)
        try cluster.redis.restart()
        let end = Date().addingTimeInterval(20)
        var answer = refused
        while Date() < end {
            answer = try HTTP.send("POST", frontEnd.appendingPathComponent("v1/generations"), body: try body(limit: 1))
            if answer.status == 200 { break }
            usleep(200_000)
        }
        XCTAssertEqual(answer.status, 200, "the cluster recovers: \(answer.text)")
        usleep(1_200_000)
        XCTAssertEqual(try HTTP.send("GET", frontEnd.appendingPathComponent("healthz")).status, 200)
    }

    func testUsageLimitsAreSharedAcrossFrontEnds() throws {
        let cluster = try ClusterProcesses()
        let limits = ["--rate", "0.01", "--burst", "4"]
        let (_, first) = try cluster.frontEnd(limits)
        let (_, second) = try cluster.frontEnd(limits)
        let drawing = try ClusterTestSupport.houseBytes
        for i in 0..<4 {
            let front = i % 2 == 0 ? first : second
            XCTAssertEqual(try HTTP.send("POST", front.appendingPathComponent("v1/guidance"), body: drawing).status, 200)
        }
        for front in [first, second] {
            let limited = try HTTP.send("POST", front.appendingPathComponent("v1/guidance"), body: drawing)
            XCTAssertEqual(limited.status, 429, limited.text)
            XCTAssertNotNil(limited.headers["retry-after"])
        }
    }

    func testAWorkerStoppedWithSIGTERMHandsItsJobBackAndNothingIsLost() async throws {
        let cluster = try ClusterProcesses()
        let config = try cluster.fakeEngines(stepSeconds: 0.05)
        let (_, frontEnd) = try cluster.frontEnd()
        let first = try cluster.worker(["--engine", "comfyui", "--config", config, "--drain", "0"])
        let id = try submit(frontEnd, limit: 3)
        let end = Date().addingTimeInterval(30)
        while Date() < end, (try HTTP.send("GET", frontEnd.appendingPathComponent("v1/jobs/\(id)")).json["state"] as? String) != "running" {
            usleep(20_000)
        }
        let second = try cluster.worker(["--engine", "comfyui", "--config", config])
        first.terminate()
        XCTAssertTrue(first.output.contains("handed back to the queue"), first.output)
        let status = try waitForEnd(frontEnd, id, seconds: 60)
        XCTAssertEqual(status["state"] as? String, "succeeded", "\(status)")
        XCTAssertEqual(status["attempts"] as? Int, 1, "a hand-back is not a failed attempt")
        XCTAssertTrue(second.output.contains("working for"))
        XCTAssertEqual((status["images"] as? [[String: Any]])?.compactMap { $0["variation"] as? Int }.sorted(), [1, 2, 3])
        let announced = try await announcedImages(cluster, id)
        XCTAssertEqual(announced.count, 3, "each image announced once")
        // The engine reported its sampling steps: the job's events carry progress.
        let events = try await RedisClient(url: cluster.redis.url).command(["XRANGE", .init("inkling:job:\(id):events"), "-", "+"])
        let progress = (events.array ?? []).compactMap { $0.array?.last?.array?.last?.text }.filter { $0.contains("\"type\":\"progress\"") }
        XCTAssertFalse(progress.isEmpty, "no progress events")
    }

    /// A worker on another host (a network namespace) is cut off by the network mid-job, alive:
    /// another worker takes the job over after the visibility timeout and ends it, each image
    /// delivered once; when the link comes back, the first worker delivers nothing more for it,
    /// joins again and takes new work.
    func testAWorkerCutOffByTheNetworkLosesItsJobToAnotherAndComesBackWithoutDuplicates() async throws {
        let namespace = try NetworkNamespace.make()
        // Redis off loopback wants a password (protected mode refuses other hosts without one).
        let cluster = try ClusterProcesses(password: "cut-off-\(UInt32.random(in: 0...UInt32.max))")
        // Redis listens on the link too (a running server takes a new bind list).
        let admin = RedisClient(url: cluster.redis.url)
        _ = try await admin.command(["CONFIG", "SET", "bind", .init("127.0.0.1 \(namespace.hostAddress)")])
        let remoteURL = "redis://\(namespace.hostAddress):\(cluster.redis.port)"
        let remoteEngines = try cluster.fakeEngines(stepSeconds: 0.05, namespace: namespace)  // about 1 s per image
        let (_, frontEnd) = try cluster.frontEnd()
        let remote = try cluster.worker(["--engine", "comfyui", "--config", remoteEngines], namespace: namespace, redisURL: remoteURL)
        let remoteName = try XCTUnwrap(remote.clusterName)
        let id = try submit(frontEnd, limit: 3)
        // Cut the link once the remote worker has delivered an image of the job.
        let end = Date().addingTimeInterval(30)
        var status: [String: Any] = [:]
        while Date() < end {
            status = try HTTP.send("GET", frontEnd.appendingPathComponent("v1/jobs/\(id)")).json
            if (status["images"] as? [Any])?.isEmpty == false { break }
            usleep(20_000)
        }
        XCTAssertEqual(status["worker"] as? String, remoteName, "\(status)")
        try namespace.cut()
        let localEngines = try cluster.fakeEngines(stepSeconds: 0.05)
        let local = try cluster.worker(["--engine", "comfyui", "--config", localEngines])
        status = try waitForEnd(frontEnd, id, seconds: 60)
        XCTAssertEqual(status["state"] as? String, "succeeded", "\(status)")
        XCTAssertEqual(status["worker"] as? String, local.clusterName)
        XCTAssertGreaterThanOrEqual(status["attempts"] as? Int ?? 0, 2)
        XCTAssertEqual((status["images"] as? [[String: Any]])?.compactMap { $0["variation"] as? Int }.sorted(), [1, 2, 3])
        XCTAssertTrue(remote.process.isRunning, "the cut-off worker lives on: \(remote.output)")

        // The link comes back: the remote worker joins again and delivers nothing more for the job.
        // A heartbeat written after the heal (by order, not by its age), however slow the machine.
        let healed = Date().timeIntervalSince1970
        try namespace.heal()
        let rejoined = Date().addingTimeInterval(30)
        var beat = 0.0
        while Date() < rejoined {
            beat = try await admin.command(["ZSCORE", "inkling:workers", .init(remoteName)]).text.flatMap(Double.init) ?? 0
            if beat > healed { break }
            usleep(50_000)
        }
        XCTAssertGreaterThan(beat, healed, "the remote worker beats again: \(remote.output)")
        try await Task.sleep(for: .seconds(1))
        let announced = try await announcedImages(cluster, id)
        XCTAssertEqual(announced.count, 3, "each image announced once: \(announced)")
        // With the local worker gone, a new job runs on the remote one, across the healed link.
        local.kill()
        let next = try submit(frontEnd, limit: 1)
        let after = try waitForEnd(frontEnd, next, seconds: 60)
        XCTAssertEqual(after["state"] as? String, "succeeded", "\(after)")
        XCTAssertEqual(after["worker"] as? String, remoteName)
    }
}
