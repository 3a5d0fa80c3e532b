import Foundation
import InklingBase
import InklingEngineFakes
import InklingImageIO
import InklingTransport
import XCTest

/// The fake answers as the real `sd-server` 97d2990 did
/// (Tests/EngineFakes/Reference/sd-server-97d2990): every captured exchange is replayed and gets
/// the same status, the same error body, and runs the sampling the real server's parameter dump
/// showed; its lists are the real ones.
final class FakeSDServerFidelityTests: XCTestCase {
    private func reference() throws -> JSONValue {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("EngineFakes/Reference/sd-server-97d2990/exchanges.json")
        return try JSONValue.parse(Array(Data(contentsOf: url)))
    }

    /// The 64×64 checkerboard (8-pixel squares, 0 and 255) the capture sent, with `channels`.
    private func checkerboard(channels: Int) throws -> String {
        let format: PixelFormat = channels == 1 ? .gray : .rgb
        var image = RasterImage(width: 64, height: 64, format: format)
        for y in 0..<64 {
            for x in 0..<64 where (x / 8 + y / 8) % 2 == 1 {
                for c in 0..<channels { image.pixels[(y * 64 + x) * channels + c] = 255 }
            }
        }
        return Data(try PNGCodec.encode(PNGDocument(image: image))).base64EncodedString()
    }

    func testEveryCapturedExchangeGetsTheRealAnswer() async throws {
        var behavior = FakeSDServer.Behavior()
        behavior.defaults.steps = 1
        let fake = try FakeSDServer(controlNet: true, behavior: behavior)
        let http = HTTPClient(base: fake.server.baseURL, product: "sd-server", startHint: "", timeout: 10)
        let exchanges = try XCTUnwrap(try reference()["exchanges"]?.array)
        XCTAssertEqual(exchanges.count, 8)
        let gray = try checkerboard(channels: 1), rgb = try checkerboard(channels: 3)
        for exchange in exchanges {
            let name = exchange["case"]?.string ?? "?"
            // The text exactly as sent (`3.0` stays a fraction), the images put back in.
            let block = (exchange["extraArgumentsText"]?.string ?? "")
                .replacingOccurrences(of: "<gray PNG>", with: gray).replacingOccurrences(of: "<RGB PNG>", with: rgb)
            let body: JSONValue = ["prompt": .string("a house <sd_cpp_extra_args>" + block + "</sd_cpp_extra_args>"), "n": 1, "size": "64x64",
                                   "output_format": "png"]
            let before = fake.generations.count
            let response = try await http.send("POST", "/v1/images/generations", body: body.serialized(), contentType: "application/json")
            XCTAssertEqual(response.status, exchange["status"]?.int, name)
            if response.status != 200 {
                XCTAssertEqual(try JSONValue.parse(response.body), exchange["answer"], name)
                XCTAssertEqual(fake.generations.count, before, "\(name): nothing ran")
                continue
            }
            let ran = try XCTUnwrap(exchange["ran"], name)
            let sampling = try XCTUnwrap(fake.generations.last?.sampling, name)
            XCTAssertEqual(sampling.steps, ran["sample_steps"]?.int, name)
            XCTAssertEqual(sampling.cfg, ran["txt_cfg"]?.double, name)
            XCTAssertEqual(sampling.method, ran["sample_method"]?.string, name)
            XCTAssertEqual(sampling.scheduler, ran["scheduler"]?.string, name)
            XCTAssertEqual(fake.generations.last?.appliedControl, block.contains("control_image"), name)
        }
    }

    func testTheListsAreTheRealOnes() async throws {
        let fake = try FakeSDServer()
        let http = HTTPClient(base: fake.server.baseURL, product: "sd-server", startHint: "", timeout: 10)
        let lists = try XCTUnwrap(try reference()["lists"])
        for path in ["/v1/models", "/sdapi/v1/samplers", "/sdapi/v1/schedulers"] {
            let answer = try await http.json("GET", path)
            XCTAssertEqual(answer, lists[path], path)
        }
    }

    func testAPromptThatWouldCrashTheRealServerGetsNoAnswer() async throws {
        let fake = try FakeSDServer()
        let http = HTTPClient(base: fake.server.baseURL, product: "sd-server", startHint: "", timeout: 10)
        let long = String(repeating: "a", count: 48 * 1024)
        let body: JSONValue = ["prompt": .string("a house <sd_cpp_extra_args>{\"negative_prompt\": \"\(long)\"}</sd_cpp_extra_args>"), "size": "64x64"]
        do {
            _ = try await http.send("POST", "/v1/images/generations", body: body.serialized(), contentType: "application/json")
            XCTFail("expected no answer")
        } catch {
            XCTAssertTrue(String(describing: error).contains("closed the connection without answering"), "\(error)")
        }
        XCTAssertEqual(fake.violations.count, 1)
    }
}
