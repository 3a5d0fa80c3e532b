import InklingJobs
import Foundation
import InklingServer
import XCTest

/// The job API: `POST /v1/generations` answered `202` with a job (`"async": true` or
/// `Prefer: respond-async`), `GET /v1/jobs/{id}` for its state and images, `DELETE` to cancel it.
final class JobAPITests: XCTestCase {
    private static var job: [String: Any] { ["prompt": "a red kite over the sea", "async": true, "options": ["size": "256x256"]] }

    /// Submits `body` and returns the job id from its `202`.
    private func submit(_ port: UInt16, _ body: [String: Any] = JobAPITests.job, headers: [String: String] = [:],
                        file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let response = try RawHTTP.post(port: port, "/v1/generations", json: body, headers: headers)
        XCTAssertEqual(response.status, 202, response.text, file: file, line: line)
        return try XCTUnwrap(response.json["id"] as? String, response.text, file: file, line: line)
    }

    private func status(_ port: UInt16, _ id: String, headers: [String: String] = [:]) throws -> RawResponse {
        try RawHTTP.request(port: port, "GET", "/v1/jobs/\(id)", headers: headers)
    }

    /// Polls the job until its state is one of `states`; its last status.
    private func wait(_ port: UInt16, _ id: String, until states: Set<String>, seconds: Double = 20,
                      file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        var last: [String: Any] = [:]
        let reached = try eventually(seconds) {
            last = try status(port, id).json
            return states.contains(last["state"] as? String ?? "")
        }
        XCTAssertTrue(reached, "job \(id) never reached \(states.sorted()): \(last)", file: file, line: line)
        return last
    }

    func testAnAsyncJobSucceedsAndItsImagesDownloadOnce() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let response = try RawHTTP.post(port: server.port, "/v1/generations", json: [
            "drawing": try ServerFixture.house, "prompt": "a cosy house", "style": "sketch", "limit": 2, "async": true,
            "options": ["size": "512x512", "seed": 7],
        ])
        XCTAssertEqual(response.status, 202, response.text)
        let id = try XCTUnwrap(response.json["id"] as? String)
        XCTAssertTrue(id.range(of: "^[0-9a-f]{32}$", options: .regularExpression) != nil, id)
        XCTAssertEqual(response.json["state"] as? String, "queued")
        XCTAssertEqual(response.json["url"] as? String, "/v1/jobs/\(id)")
        XCTAssertEqual(response.headers["location"], "/v1/jobs/\(id)")
        XCTAssertEqual(response.headers["cache-control"], "no-store")
        XCTAssertNil(response.headers["preference-applied"], "asked in the body, not as a preference")

        let done = try wait(server.port, id, until: ["succeeded", "failed", "cancelled"])
        XCTAssertEqual(done["state"] as? String, "succeeded", "\(done)")
        XCTAssertEqual(done["id"] as? String, id)
        XCTAssertEqual(done["limit"] as? Int, 2)
        XCTAssertEqual(done["progress"] as? Double, 1)
        XCTAssertEqual(done["style"] as? String, "sketch")
        XCTAssertEqual(done["attempts"] as? Int, 1)
        XCTAssertTrue(done["position"] is NSNull, "\(done)")
        XCTAssertTrue(done["worker"] is NSNull, "single process: no worker name")
        XCTAssertNil(done["error"])
        let polled = try status(server.port, id)
        XCTAssertEqual(polled.headers["cache-control"], "no-store")
        XCTAssertEqual(polled.headers["content-type"], "application/json")
        let head = try RawHTTP.request(port: server.port, "HEAD", "/v1/jobs/\(id)")
        XCTAssertEqual(head.status, 200)
        XCTAssertEqual(head.body, [])

        let images = try XCTUnwrap(done["images"] as? [[String: Any]])
        XCTAssertEqual(images.count, 2)
        XCTAssertEqual(Set(images.compactMap { $0["variation"] as? Int }), [1, 2])
        for image in images {
            XCTAssertNotNil(image["seed"] as? String, "seeds are strings")
            XCTAssertEqual(image["contentType"] as? String, "image/png")
            XCTAssertEqual(image["width"] as? Int, 512)
            let url = try XCTUnwrap(image["url"] as? String)
            XCTAssertEqual(url, "/v1/images/\(image["id"] as? String ?? "")")
            let download = try RawHTTP.request(port: server.port, "GET", url)
            XCTAssertEqual(download.status, 200)
            XCTAssertEqual(download.headers["content-type"], "image/png")
            XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", url).status, 404, "delivered once")
        }
    }

    func testPreferRespondAsyncAsksForAJob() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let body: [String: Any] = ["prompt": "a lighthouse", "options": ["size": "256x256"]]
        let response = try RawHTTP.post(port: server.port, "/v1/generations", json: body, headers: ["Prefer": "wait=5, respond-async"])
        XCTAssertEqual(response.status, 202, response.text)
        XCTAssertEqual(response.headers["preference-applied"], "respond-async")
        let id = try XCTUnwrap(response.json["id"] as? String)
        XCTAssertEqual(try wait(server.port, id, until: ["succeeded"])["state"] as? String, "succeeded")
        // A preference yields to a stream asked for in the body; "async" cannot be combined with it.
        var streamed = body
        streamed["stream"] = true
        let stream = try RawHTTP.post(port: server.port, "/v1/generations", json: streamed, headers: ["Prefer": "respond-async"])
        XCTAssertEqual(stream.status, 200, stream.text)
        XCTAssertEqual(stream.headers["content-type"], "application/x-ndjson")
        XCTAssertNil(stream.headers["preference-applied"])
        streamed["async"] = true
        let both = try RawHTTP.post(port: server.port, "/v1/generations", json: streamed)
        XCTAssertEqual(both.status, 400, both.text)
        XCTAssertEqual(both.errorCode, "invalid_request")
        XCTAssertTrue(both.errorMessage?.hasPrefix("async: cannot be combined with \"stream\": true") == true, both.text)
        let wrongType = try RawHTTP.post(port: server.port, "/v1/generations", json: ["prompt": "a cat", "async": "yes"])
        XCTAssertEqual(wrongType.status, 400, wrongType.text)
        // Any other preference changes nothing.
        let plain = try RawHTTP.post(port: server.port, "/v1/generations", json: body, headers: ["Prefer": "return=minimal"])
        XCTAssertEqual(plain.status, 200, plain.text)
    }

    func testAQueuedJobReportsItsPositionAndNeverStartsWhenDeleted() throws {
        let engine = GatedEngine()
        let server = try InklingServer(configuration: ServerFixture.configuration { $0.maxConcurrentGenerations = 1; $0.maxQueuedGenerations = 3 },
                                       engine: engine)
        defer { server.stop() }
        let running = try submit(server.port)
        XCTAssertTrue(eventually(10) { engine.started == 1 }, "the first job reaches the engine")
        let second = try submit(server.port)
        let third = try submit(server.port)
        let first = try status(server.port, running).json
        XCTAssertEqual(first["state"] as? String, "running")
        XCTAssertEqual(first["attempts"] as? Int, 1)
        XCTAssertTrue(first["position"] is NSNull)
        let queued = try status(server.port, second).json
        XCTAssertEqual(queued["state"] as? String, "queued")
        XCTAssertEqual(queued["position"] as? Int, 0)
        XCTAssertEqual(queued["attempts"] as? Int, 0)
        XCTAssertEqual(queued["progress"] as? Double, 0)
        XCTAssertTrue(queued["style"] is NSNull, "not known before it starts")
        XCTAssertEqual(try status(server.port, third).json["position"] as? Int, 1)

        let deleted = try RawHTTP.request(port: server.port, "DELETE", "/v1/jobs/\(second)")
        XCTAssertEqual(deleted.status, 200, deleted.text)
        XCTAssertEqual(deleted.json["state"] as? String, "cancelled")
        XCTAssertEqual((deleted.json["error"] as? [String: Any])?["code"] as? String, "cancelled")
        XCTAssertEqual(deleted.headers["cache-control"], "no-store")
        XCTAssertEqual(try status(server.port, third).json["position"] as? Int, 0, "the third moves up")

        engine.open()
        XCTAssertEqual(try wait(server.port, third, until: ["succeeded"])["state"] as? String, "succeeded")
        XCTAssertEqual(try status(server.port, running).json["state"] as? String, "succeeded")
        XCTAssertEqual(try status(server.port, second).json["state"] as? String, "cancelled", "it never started")
        XCTAssertEqual(engine.started, 2, "the deleted job never reached the engine")
    }

    func testDeletingARunningJobCancelsTheEngine() throws {
        let engine = GatedEngine()
        let server = try InklingServer(configuration: ServerFixture.configuration(), engine: engine)
        defer { server.stop() }
        let id = try submit(server.port, ["prompt": "a garden", "async": true, "limit": 2])
        XCTAssertTrue(eventually(10) { engine.started >= 1 })
        let deleted = try RawHTTP.request(port: server.port, "DELETE", "/v1/jobs/\(id)")
        XCTAssertEqual(deleted.status, 200, deleted.text)
        XCTAssertTrue(["running", "cancelled"].contains(deleted.json["state"] as? String ?? ""), deleted.text)
        let ended = try wait(server.port, id, until: ["cancelled", "succeeded", "failed"])
        XCTAssertEqual(ended["state"] as? String, "cancelled", "\(ended)")
        XCTAssertEqual((ended["error"] as? [String: Any])?["code"] as? String, "cancelled")
        XCTAssertTrue(eventually(5) { engine.cancelled == engine.started }, "the engine's work is cancelled (\(engine.cancelled) of \(engine.started))")
        XCTAssertEqual(engine.cancelled, engine.started)

        let again = try RawHTTP.request(port: server.port, "DELETE", "/v1/jobs/\(id)")
        XCTAssertEqual(again.status, 409, again.text)
        XCTAssertEqual(again.errorCode, "job_finished")
        XCTAssertEqual((again.json["job"] as? [String: Any])?["state"] as? String, "cancelled")
        // The slot is free again.
        engine.open()
        let next = try submit(server.port)
        XCTAssertEqual(try wait(server.port, next, until: ["succeeded"])["state"] as? String, "succeeded")
    }

    func testDeletingAFinishedJobIs409WithItsStatus() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let id = try submit(server.port)
        _ = try wait(server.port, id, until: ["succeeded"])
        let response = try RawHTTP.request(port: server.port, "DELETE", "/v1/jobs/\(id)")
        XCTAssertEqual(response.status, 409, response.text)
        XCTAssertEqual(response.errorCode, "job_finished")
        XCTAssertTrue(response.errorMessage?.contains("has already succeeded") == true, response.text)
        let job = try XCTUnwrap(response.json["job"] as? [String: Any])
        XCTAssertEqual(job["state"] as? String, "succeeded")
        XCTAssertEqual((job["images"] as? [Any])?.count, 1, "its image stays downloadable")
        XCTAssertEqual(try status(server.port, id).json["state"] as? String, "succeeded", "unchanged")
    }

    func testUnknownAndMalformedJobIdsAre404() throws {
        let server = try ServerFixture.start()
        defer { server.stop() }
        let valid = String(repeating: "0123456789abcdef", count: 2)
        let malformed = [
            "../x", "..%2f..%2fPackage.swift", String(valid.dropLast()), valid + "0", valid.uppercased(), "0123456789ABCDEF0123456789abcdef",
            "", valid + "/images", "g" + valid.dropFirst(), String(repeating: "a", count: 5000), "%e2%80%8b" + valid.dropFirst(),
        ]
        for id in [valid] + malformed {
            for method in ["GET", "DELETE", "HEAD"] {
                let response = try RawHTTP.request(port: server.port, method, "/v1/jobs/\(id)")
                XCTAssertEqual(response.status, 404, "\(method) \(id.prefix(40)): \(response.text)")
                if method != "HEAD" { XCTAssertEqual(response.errorCode, "job_not_found", "\(method) \(id.prefix(40))") }
            }
        }
        // The server-wide rule for a NUL byte comes first: no Inkling URL holds one.
        let nul = try RawHTTP.request(port: server.port, "GET", "/v1/jobs/\(valid)%00")
        XCTAssertEqual(nul.status, 400, nul.text)
        XCTAssertEqual(nul.errorCode, "invalid_path")
        let post = try RawHTTP.request(port: server.port, "POST", "/v1/jobs/\(valid)")
        XCTAssertEqual(post.status, 405)
        XCTAssertEqual(post.headers["allow"], "GET, HEAD, DELETE")
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", "/v1/jobs").errorCode, "not_found")
    }

    func testWithAPIKeysAJobAnswersOnlyTheKeyThatMadeIt() throws {
        let server = try ServerFixture.start { $0.apiKeys = ["alpha", "beta"] }
        defer { server.stop() }
        let id = try submit(server.port, headers: ["X-API-Key": "alpha"])
        let done = try eventually(20) {
            try status(server.port, id, headers: ["Authorization": "Bearer alpha"]).json["state"] as? String == "succeeded"
        }
        XCTAssertTrue(done)
        for headers in [["X-API-Key": "beta"], [:]] {
            let other = try status(server.port, id, headers: headers)
            XCTAssertEqual(other.status, 404, "\(headers)")
            XCTAssertEqual(other.errorCode, "job_not_found")
            XCTAssertEqual(try RawHTTP.request(port: server.port, "DELETE", "/v1/jobs/\(id)", headers: headers).status, 404)
        }
        XCTAssertEqual(try status(server.port, id, headers: ["X-API-Key": "made-up"]).status, 401)
        let own = try status(server.port, id, headers: ["X-API-Key": "alpha"])
        XCTAssertEqual(own.status, 200)
        let url = try XCTUnwrap(((own.json["images"] as? [[String: Any]])?.first)?["url"] as? String)
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", url, headers: ["X-API-Key": "beta"]).status, 404, "its images too")
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", url, headers: ["X-API-Key": "alpha"]).status, 200)
    }

    func testAJobIsForgottenAfterTheImageTTL() throws {
        let server = try ServerFixture.start { $0.imageTTL = 0.5 }
        defer { server.stop() }
        let id = try submit(server.port)
        let done = try wait(server.port, id, until: ["succeeded"])
        let url = try XCTUnwrap(((done["images"] as? [[String: Any]])?.first)?["url"] as? String)
        XCTAssertTrue(try eventually(3) { try status(server.port, id).status == 404 }, "forgotten after the TTL")
        XCTAssertEqual(try status(server.port, id).errorCode, "job_not_found")
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", url).status, 404, "and its image")
    }

    func testAStreamReportsTheEnginesProgressAndTheJobItsShare() throws {
        let server = try InklingServer(configuration: ServerFixture.configuration(), engine: SteppingEngine())
        defer { server.stop() }
        let response = try RawHTTP.post(port: server.port, "/v1/generations", json: ["prompt": "a cat", "limit": 2, "stream": true])
        XCTAssertEqual(response.status, 200, response.text)
        let lines = response.text.split(separator: "\n").map { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] ?? [:] }
        let types = lines.map { $0["type"] as? String ?? "?" }
        XCTAssertEqual(types.first, "started")
        XCTAssertEqual(types.last, "done")
        XCTAssertEqual(types.filter { $0 == "image" }.count, 2)
        let progress = lines.filter { $0["type"] as? String == "progress" }.compactMap { $0["progress"] as? Double }
        XCTAssertFalse(progress.isEmpty, "\(types)")
        XCTAssertEqual(progress, progress.sorted(), "progress only grows")
        XCTAssertTrue(progress.allSatisfy { (0...1).contains($0) }, "\(progress)")
        let id = try submit(server.port, ["prompt": "a cat", "limit": 2, "async": true])
        XCTAssertEqual(try wait(server.port, id, until: ["succeeded"])["progress"] as? Double, 1)
    }

    func testASyncAnswerWhoseClientHangsUpWhileQueuedNeverStarts() throws {
        let engine = GatedEngine()
        let server = try InklingServer(configuration: ServerFixture.configuration { $0.maxConcurrentGenerations = 1 }, engine: engine)
        defer { server.stop() }
        let first = try submit(server.port)
        XCTAssertTrue(eventually(10) { engine.started == 1 })
        let body = Array(#"{"prompt": "a pond"}"#.utf8)
        var waiting: RawConnection? = try RawConnection(port: server.port)
        try waiting?.send(Array("POST /v1/generations HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
        XCTAssertTrue(try eventually(5) { (try RawHTTP.request(port: server.port, "GET", "/v1/availability").json["queued"] as? Int) == 1 })
        waiting = nil  // hangs up while queued
        XCTAssertNil(waiting)
        XCTAssertTrue(try eventually(5) { (try RawHTTP.request(port: server.port, "GET", "/v1/availability").json["queued"] as? Int) == 0 },
                      "its job leaves the queue")
        engine.open()
        _ = try wait(server.port, first, until: ["succeeded"])
        XCTAssertEqual(engine.started, 1, "the abandoned job never reached the engine")
    }

    func testAvailabilityReportsTheJobsSide() throws {
        let engine = GatedEngine()
        let server = try InklingServer(configuration: ServerFixture.configuration { $0.maxConcurrentGenerations = 1; $0.maxQueuedGenerations = 5 },
                                       engine: engine)
        defer { server.stop() }
        let first = try submit(server.port)
        XCTAssertTrue(eventually(10) { engine.started == 1 })
        _ = try submit(server.port)
        let report = try RawHTTP.request(port: server.port, "GET", "/v1/availability").json
        XCTAssertEqual(report["mode"] as? String, "local")
        XCTAssertEqual(report["running"] as? Int, 1)
        XCTAssertEqual(report["queued"] as? Int, 1)
        XCTAssertEqual(report["queueLimit"] as? Int, 5)
        XCTAssertNotNil(report["throughput"] as? Double)
        XCTAssertEqual(report["generations"] as? [String: Int], ["running": 1, "waiting": 1, "slots": 1, "queue": 5], "today's fields stay")
        XCTAssertEqual(report["storedImages"] as? Int, 0)
        XCTAssertEqual(report["engine"] as? String, "gated")
        let workers = try XCTUnwrap(report["workers"] as? [[String: Any]])
        XCTAssertEqual(workers.count, 1)
        XCTAssertEqual(workers.first?["name"] as? String, "local")
        XCTAssertEqual(workers.first?["engine"] as? String, "gated")
        XCTAssertEqual(workers.first?["concurrency"] as? Int, 1)
        XCTAssertEqual(workers.first?["running"] as? Int, 1)
        XCTAssertEqual(workers.first?["styles"] as? [String], ["illustration", "sketch"])
        engine.open()
        _ = try wait(server.port, first, until: ["succeeded"])
        XCTAssertTrue(try eventually(10) {
            let report = try RawHTTP.request(port: server.port, "GET", "/v1/availability").json
            return report["running"] as? Int == 0 && (report["workers"] as? [[String: Any]])?.first?["jobsDone"] as? Int == 2
        })
        let done = try RawHTTP.request(port: server.port, "GET", "/v1/availability").json
        XCTAssertGreaterThan(done["throughput"] as? Double ?? 0, 0)
        XCTAssertEqual(done["storedImages"] as? Int, 2)
        let health = try RawHTTP.request(port: server.port, "GET", "/healthz")
        XCTAssertEqual(health.status, 200)
        XCTAssertEqual(health.text, #"{"status":"ok"}"#)
    }

    /// Hostile: far more jobs than the queue holds. Exactly the slots and the queue are taken;
    /// every other submission is a 503 `queue_full` with `Retry-After` and leaves nothing behind;
    /// of the jobs that ended, only `maxRememberedJobs` are remembered.
    func testAThousandAsyncJobsAgainstAQueueOf8() throws {
        let engine = GatedEngine()
        let server = try InklingServer(configuration: ServerFixture.configuration {
            $0.maxConcurrentGenerations = 2
            $0.maxQueuedGenerations = 8
            $0.maxRememberedJobs = 4
        }, engine: engine)
        defer { server.stop() }
        let body = [UInt8](try JSONSerialization.data(withJSONObject: ["prompt": "a red kite", "async": true]))
        var accepted: [String] = []
        var refused = 0
        for _ in 0..<1000 {
            let response = try RawHTTP.request(port: server.port, "POST", "/v1/generations", body: body)
            switch response.status {
            case 202:
                accepted.append(try XCTUnwrap(response.json["id"] as? String))
            case 503:
                XCTAssertEqual(response.errorCode, "queue_full", response.text)
                XCTAssertEqual(response.headers["retry-after"], "5")
                XCTAssertEqual(response.errorMessage, "the server is busy (2 generations running, 8 waiting); retry in a few seconds")
                refused += 1
            default:
                XCTFail("unexpected \(response.status): \(response.text)")
            }
        }
        XCTAssertEqual(accepted.count, 10, "2 running and 8 waiting")
        XCTAssertEqual(refused, 990)
        XCTAssertEqual(Set(accepted).count, 10, "ids are unique")
        let load = try RawHTTP.request(port: server.port, "GET", "/v1/availability").json
        XCTAssertEqual(load["running"] as? Int, 2)
        XCTAssertEqual(load["queued"] as? Int, 8)
        XCTAssertEqual(engine.started, 2, "refused jobs never reach the engine")
        XCTAssertEqual(try RawHTTP.request(port: server.port, "GET", "/healthz").status, 200, "still healthy")

        engine.open()
        XCTAssertTrue(try eventually(30) {
            let load = try RawHTTP.request(port: server.port, "GET", "/v1/availability").json
            return load["running"] as? Int == 0 && load["queued"] as? Int == 0
        })
        let remembered = try accepted.filter { try status(server.port, $0).status == 200 }
        XCTAssertEqual(remembered.count, 4, "only the newest ended jobs are remembered (which ones: LocalJobsTests)")
        XCTAssertEqual(engine.started, 10)
    }
}
