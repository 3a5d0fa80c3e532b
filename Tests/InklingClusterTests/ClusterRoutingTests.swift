@testable import InklingJobs
import InklingConditioning
@testable import InklingCluster
import InklingRedis
import InklingRedisTestSupport
@testable import InklingServer
import XCTest

/// Which engine a front end sends a job to: the style, then the language, then the size closest
/// to the one asked for, then free slots.
final class ClusterRoutingTests: XCTestCase {
    private func worker(_ engine: String, styles: [String] = ["sketch"], sizes: [PixelSize]?, languages: [String]? = nil,
                        concurrency: Int = 1, running: Int = 0) -> ClusterMember {
        var member = ClusterMember(role: "worker", name: "\(engine)-\(UInt16.random(in: 0...UInt16.max))", engine: engine, styles: styles,
                                   sizes: sizes, languages: languages, concurrency: concurrency)
        member.running = running
        return member
    }

    private let square = PixelSize(width: 512, height: 512)
    private let wide = PixelSize(width: 1152, height: 896)
    private let large = PixelSize(width: 1024, height: 1024)

    func testTheEngineWithTheClosestSizeWinsOverFreeSlots() throws {
        // "small" has four free slots but only 512²; "big" has one and paints 1152×896.
        let workers = [worker("small", sizes: [square], concurrency: 4), worker("big", sizes: [large, wide])]
        XCTAssertEqual(try ClusterJobs.route(style: "sketch", size: .closest(to: PixelSize(width: 1152, height: 896)), workers: workers), "big")
        XCTAssertEqual(try ClusterJobs.route(style: "sketch", size: .closest(to: PixelSize(width: 1600, height: 1200)), workers: workers), "big",
                       "4:3 is nearer 1152×896 than any square")
        XCTAssertEqual(try ClusterJobs.route(style: "sketch", size: .closest(to: PixelSize(width: 500, height: 500)), workers: workers), "small",
                       "512² is nearer 500² than 1024² is")
        // Sizes tie (both have 1024²): free slots decide.
        let tied = [worker("small", sizes: [large], concurrency: 4), worker("big", sizes: [large, wide])]
        XCTAssertEqual(try ClusterJobs.route(style: "sketch", size: .closest(to: large), workers: tied), "small")
        // No size asked for: free slots decide.
        XCTAssertEqual(try ClusterJobs.route(style: "sketch", size: .engineDefault, workers: workers), "small")
    }

    func testAnEngineWhoseWorkersListNoSizesCountsAsClosest() throws {
        // A worker built before workers listed their sizes: it is not passed over for them.
        let workers = [worker("old", sizes: nil, concurrency: 4), worker("big", sizes: [large, wide])]
        XCTAssertEqual(try ClusterJobs.route(style: "sketch", size: .closest(to: wide), workers: workers), "old")
        // One worker of an engine without sizes makes the whole engine's unknown.
        let mixed = [worker("big", sizes: [square], concurrency: 1), worker("big", sizes: nil, concurrency: 1),
                     worker("exact", sizes: [wide], concurrency: 1)]
        XCTAssertEqual(try ClusterJobs.route(style: "sketch", size: .closest(to: wide), workers: mixed), "big", "two slots against one")
        // Workers of one engine with different tables: the engine has the closest of them.
        let split = [worker("big", sizes: [square], concurrency: 2), worker("big", sizes: [wide], concurrency: 2),
                     worker("other", sizes: [square], concurrency: 1)]
        XCTAssertEqual(try ClusterJobs.route(style: "sketch", size: .closest(to: wide), workers: split), "big")
    }

    func testAJobGoesToAnEngineThatUnderstandsItsLanguageBeforeSizeAndSlots() throws {
        let workers = [worker("english", sizes: [wide], languages: ["en"], concurrency: 4), worker("many", sizes: [square], languages: ["en", "ja"])]
        XCTAssertEqual(try ClusterJobs.route(style: "sketch", size: .closest(to: wide), language: { "ja" }, workers: workers), "many")
        XCTAssertEqual(try ClusterJobs.route(style: "sketch", size: .closest(to: wide), language: { "en" }, workers: workers), "english")
        XCTAssertEqual(try ClusterJobs.route(style: "sketch", size: .closest(to: wide), language: { nil }, workers: workers), "english",
                       "an undetermined language limits nothing")
        // No engine understands it: the job goes where it otherwise would, and its worker says so.
        XCTAssertEqual(try ClusterJobs.route(style: "sketch", size: .closest(to: wide), language: { "ko" }, workers: workers), "english")
        // An engine whose worker lists no languages is taken to understand every one.
        let old = [worker("english", sizes: nil, languages: ["en"], concurrency: 4), worker("old", sizes: nil, languages: nil)]
        XCTAssertEqual(try ClusterJobs.route(style: "sketch", language: { "ja" }, workers: old), "old")
        // When every engine lists the same languages, the text is not looked at.
        let same = [worker("a", sizes: nil, languages: ["en"]), worker("b", sizes: nil, languages: ["en"])]
        _ = try ClusterJobs.route(style: "sketch", language: { XCTFail("detected for nothing"); return "en" }, workers: same)
    }

    func testTheStyleStillComesFirst() {
        let workers = [worker("big", styles: ["emoji"], sizes: [wide]), worker("small", styles: ["sketch"], sizes: [square])]
        XCTAssertEqual(try ClusterJobs.route(style: "sketch", size: .closest(to: wide), workers: workers), "small")
        XCTAssertThrowsError(try ClusterJobs.route(style: "animation", size: .closest(to: wide), workers: workers)) { error in
            XCTAssertEqual((error as? APIError)?.code, "style_not_served")
        }
        XCTAssertThrowsError(try ClusterJobs.route(style: "sketch", size: .closest(to: wide), workers: [])) { error in
            XCTAssertEqual((error as? APIError)?.code, "no_workers")
        }
    }

    func testAWorkerRecordKeepsItsSizesAndAHostileOneIsReadSafely() {
        func read(_ fields: [String: String]) -> ClusterMember? {
            ClusterMember(name: "w", fields: fields.mapValues { Array($0.utf8) }, heartbeat: 0, now: 0)
        }
        let fields = ClusterTestSupport.storedFields(of: worker("big", sizes: [large, wide], languages: ["en", "ja"]))
        XCTAssertEqual(fields["sizes"], Array("1024x1024,1152x896".utf8))
        XCTAssertEqual(fields["languages"], Array("en,ja".utf8))
        let stored = ClusterMember(name: "w", fields: fields, heartbeat: 0, now: 0)
        XCTAssertEqual(stored?.sizes, [large, wide])
        XCTAssertEqual(stored?.languages, ["en", "ja"])
        XCTAssertNil(read(["role": "worker"])?.sizes, "a record without sizes")
        XCTAssertNil(read(["role": "worker"])?.languages, "a record without languages")
        XCTAssertEqual(read(["role": "worker", "languages": String(repeating: "x", count: 40) + ",de"])?.languages, ["de"], "over-long entries are skipped")
        XCTAssertEqual(read(["role": "worker", "languages": Array(repeating: "en", count: 100_000).joined(separator: ",")])?.languages?.count,
                       ClusterMember.maxLanguages)
        // Garbage entries are skipped, and a record is read only so far.
        XCTAssertEqual(read(["role": "worker", "sizes": "12x,x7,-5x5,512x512,99999999999x1,a,"])?.sizes, [square])
        let many = Array(repeating: "8x8", count: 100_000).joined(separator: ",")
        XCTAssertEqual(read(["role": "worker", "sizes": many])?.sizes?.count, ClusterMember.maxSizes)
    }

    /// Through a front end: a job asking for a wide image goes to the engine that paints it.
    func testAFrontEndQueuesAJobForTheEngineWithItsSize() async throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try ClusterJobs(settings: settings, imageTTL: 30, generationTimeout: 60, defaultStyle: "illustration")
        let client = RedisClient(url: redis.url)
        let live = Date().timeIntervalSince1970 + 3600
        _ = try await client.pipeline([
            ["ZADD", .init(settings.keys.workers), .init(live), "square", .init(live), "wide"],
            ["HSET", .init(settings.keys.worker("square")), "role", "worker", "engine", "sdcpp", "styles", "sketch", "sizes", "512x512",
             "concurrency", "8", "running", "0"],
            ["HSET", .init(settings.keys.worker("wide")), "role", "worker", "engine", "builtin", "styles", "sketch",
             "sizes", "1024x1024,1152x896,896x1152", "concurrency", "1", "running", "0"],
        ])
        // The house's canvas is 1024×768: without a size, the job aims at that (4:3, nearer 1152×896).
        var cases = [(",\"options\":{\"size\":\"1152x896\"}", "builtin"), (",\"options\":{\"size\":\"600x600\"}", "sdcpp"), ("", "builtin")]
        for (options, engine) in cases { try await expect(options, engine) }
        // Once the engines' languages differ, a Japanese prompt goes to the one that reads it.
        _ = try await client.pipeline([
            ["HSET", .init(settings.keys.worker("square")), "languages", "en,ja"],
            ["HSET", .init(settings.keys.worker("wide")), "languages", "en"],
        ])
        try await Task.sleep(for: .milliseconds(700))  // the front end reads the workers again
        cases = [(",\"options\":{\"size\":\"1152x896\"}", "builtin")]
        for (options, engine) in cases { try await expect(options, engine) }
        try await expect(",\"options\":{\"size\":\"1152x896\"}", "sdcpp", prompt: "森の中の小さな家とその前に立っている猫")

        func expect(_ options: String, _ engine: String, prompt: String = "a cosy house") async throws {
            let body = Array("{\"prompt\":\"\(prompt)\",\"style\":\"sketch\",\"limit\":1\(options),\"drawing\":".utf8)
                + (try ClusterTestSupport.houseBytes) + Array("}".utf8)
            let request = try GenerationRequest(body: body, base: GenerationOptions(), limits: .default)
            let id = try await jobs.submit(JobSubmission(request: request, owner: nil))
            let queuedFor = try await client.command(["HGET", .init(settings.keys.job(id)), "engine"]).text
            XCTAssertEqual(queuedFor, engine, "\(prompt) \(options)")
        }
    }
}
