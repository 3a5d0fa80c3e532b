import Foundation
import InklingBuiltInEngine
@testable import InklingCluster
import InklingImageIO
import InklingRedisTestSupport
@testable import InklingServer
import XCTest

/// `GET /v1/images/{id}?format=jpeg&width=W` through a cluster's front end: the preview is made
/// from the image the worker stored in Redis, which stays there for its one download.
final class ClusterImagePreviewTests: XCTestCase {
    /// Synchronous on purpose: the blocking HTTP client must not hold a thread the front end's
    /// tasks or the worker need.
    func testAPreviewThroughAFrontEndLeavesTheImageForItsOneDownload() throws {
        let redis = try RedisTestServer()
        let settings = ClusterTestSupport.settings(redis)
        let jobs = try frontEnd(settings)
        let worker = try worker(settings)
        let running = Task { await worker.run() }
        defer { worker.stop(); running.cancel() }
        var configuration = ServerConfiguration()
        configuration.host = "127.0.0.1"
        configuration.port = 0
        configuration.tokensPerSecond = 1000
        configuration.burst = 1000
        let server = try InklingServer(configuration: configuration, engine: BuiltInEngine(), jobs: jobs,
                                       limits: ClusterUsageLimits(settings: settings, rate: 1000, capacity: 1000))
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)"
        let joined = Date().addingTimeInterval(10)
        while ((try HTTP.send("GET", URL(string: base + "/v1/availability")!).json["workers"] as? [Any])?.count ?? 0) < 1 {
            XCTAssertLessThan(Date(), joined, "the worker joins")
            Thread.sleep(forTimeInterval: 0.05)
        }

        let answer = try HTTP.send("POST", URL(string: base + "/v1/generations")!, body: try ClusterTestSupport.body(limit: 1),
                                   headers: ["Content-Type": "application/json"])
        XCTAssertEqual(answer.status, 200, answer.text)
        let url = try XCTUnwrap((answer.json["images"] as? [[String: Any]])?.first?["url"] as? String, answer.text)
        for _ in 0..<2 {
            let preview = try HTTP.send("GET", URL(string: base + url + "?format=jpeg&width=100")!)
            XCTAssertEqual(preview.status, 200, preview.text)
            XCTAssertEqual(preview.headers["content-type"], "image/jpeg")
            let image = try JPEGCodec.decode(preview.body)
            XCTAssertEqual([image.width, image.height], [100, 100], "the 256×256 image, scaled to 100 wide")
        }
        let png = try HTTP.send("GET", URL(string: base + url)!)
        XCTAssertEqual(png.status, 200, "the previews did not use up the download")
        XCTAssertEqual(try PNGCodec.decode(png.body).image.width, 256)
        XCTAssertEqual(try HTTP.send("GET", URL(string: base + url)!).status, 404, "downloaded once")
        let late = try HTTP.send("GET", URL(string: base + url + "?format=jpeg&width=100")!)
        XCTAssertEqual(late.status, 404)
        XCTAssertEqual(late.errorCode, "image_not_found")
    }
}
