import Foundation
import InklingConditioning
import InklingImageIO
@testable import InklingLive
import InklingStrokes
import XCTest

/// Live frames from the built-in engine: JPEGs at the session's size, the same input the same
/// bytes, the guidance map reused while only the prompt changes.
final class BuiltInLiveRendererTests: XCTestCase {
    static func house() throws -> Drawing {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Strokes/tablet-pen-house.json")
        return try StrokeJSONDecoder().decode(try Data(contentsOf: url))
    }

    static func request(_ drawing: Drawing, revision: Int, drawingRevision: Int, prompt: String?, side: Int = 512) -> LiveRenderRequest {
        var options = GenerationOptions()
        options.size = .closest(to: PixelSize(width: side, height: side))
        options.seed = 38
        return LiveRenderRequest(session: 1, revision: revision, drawingRevision: drawingRevision, drawing: drawing, prompt: prompt, style: nil, options: options)
    }

    func testFrameIsAJPEGAtTheSessionsSize() async throws {
        let renderer = BuiltInLiveRenderer()
        let frame = try await renderer.render(Self.request(try Self.house(), revision: 3, drawingRevision: 3, prompt: "a red house"))
        XCTAssertEqual(frame.revision, 3)
        XCTAssertEqual(frame.mime, "image/jpeg")
        XCTAssertEqual([frame.width, frame.height], [512, 512])
        let image = try JPEGCodec.decode(frame.bytes)
        XCTAssertEqual([image.width, image.height], [512, 512])
        XCTAssertEqual(Array(frame.bytes.prefix(2)), [0xFF, 0xD8])
    }

    func testSameInputSameBytesAndTheMapReusedWhenOnlyThePromptChanges() async throws {
        let renderer = BuiltInLiveRenderer()
        let house = try Self.house()
        let first = try await renderer.render(Self.request(house, revision: 1, drawingRevision: 1, prompt: "a red house"))
        let again = try await renderer.render(Self.request(house, revision: 1, drawingRevision: 1, prompt: "a red house"))
        XCTAssertEqual(first.bytes, again.bytes, "a fixed seed: the image changes only when the input does")
        let blue = try await renderer.render(Self.request(house, revision: 2, drawingRevision: 1, prompt: "a blue house at night"))
        XCTAssertNotEqual(blue.bytes, first.bytes)
        XCTAssertEqual(renderer.guidanceMaps.made, 1)
        XCTAssertEqual(renderer.guidanceMaps.reused, 2)
        var fewer = house
        fewer.strokes.removeLast()
        _ = try await renderer.render(Self.request(fewer, revision: 3, drawingRevision: 3, prompt: "a blue house at night"))
        XCTAssertEqual(renderer.guidanceMaps.made, 2, "an undo past what is kept: a new map")
        // The stroke again: painted onto the kept map of the drawing without it.
        var more = fewer
        more.strokes.append(house.strokes[0])
        _ = try await renderer.render(Self.request(more, revision: 4, drawingRevision: 4, prompt: "a blue house at night"))
        XCTAssertEqual(renderer.guidanceMaps.added, 1)
        // Undone: the map of the drawing without it, kept.
        _ = try await renderer.render(Self.request(fewer, revision: 5, drawingRevision: 5, prompt: "a blue house at night"))
        XCTAssertEqual(renderer.guidanceMaps.reused, 3)
        XCTAssertEqual(renderer.guidanceMaps.made, 2)
    }

    func testAStrokeAddedGivesTheFrameOfTheWholeDrawingButAtCrossingEdges() async throws {
        let house = try Self.house()
        var fewer = house
        fewer.strokes.removeLast()
        let incremental = BuiltInLiveRenderer()
        _ = try await incremental.render(Self.request(fewer, revision: 1, drawingRevision: 1, prompt: "a red house"))
        let added = try await incremental.render(Self.request(house, revision: 2, drawingRevision: 2, prompt: "a red house"))
        XCTAssertEqual(incremental.guidanceMaps.added, 1)
        let whole = try await BuiltInLiveRenderer().render(Self.request(house, revision: 2, drawingRevision: 2, prompt: "a red house"))
        let a = try JPEGCodec.decode(added.bytes).pixels, b = try JPEGCodec.decode(whole.bytes).pixels
        let meanDifference = Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count)
        XCTAssertLessThan(meanDifference, 0.5, "the same picture, but for a few edge pixels of the map")
    }

    func testEmptyDrawingWithoutAPromptStillPaints() async throws {
        let frame = try await BuiltInLiveRenderer().render(Self.request(Drawing(canvas: Size2D(width: 100, height: 100)), revision: 0, drawingRevision: 0, prompt: nil, side: 256))
        XCTAssertEqual([frame.width, frame.height], [256, 256])
    }

    func testCancelledBeforeItStarts() async throws {
        let request = Self.request(try Self.house(), revision: 1, drawingRevision: 1, prompt: "a house")
        let task = Task.detached { try await BuiltInLiveRendererTests.renderCancelled(BuiltInLiveRenderer(), request) }
        do {
            _ = try await task.value
            XCTFail("rendered after cancel")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    /// Cancels the calling task, then renders.
    private static func renderCancelled(_ renderer: BuiltInLiveRenderer, _ request: LiveRenderRequest) async throws -> LiveFrame {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await renderer.render(request)
    }

    /// The time of a 512² frame of the house drawing, median of 20 (printed; no test decides on
    /// time). Runs with INKLING_LIVE_MEASURE=1.
    func testMeasureFrameTime() async throws {
        guard ProcessInfo.processInfo.environment["INKLING_LIVE_MEASURE"] != nil else { throw XCTSkip("set INKLING_LIVE_MEASURE=1 to measure") }
        let house = try Self.house()
        let clock = ContinuousClock()
        for (label, reuse) in [("new session each frame", false), ("prompt change only (map reused)", true)] {
            let renderer = BuiltInLiveRenderer()
            var times: [Double] = []
            var bytes = 0
            for i in 0..<21 {
                var request = Self.request(house, revision: i, drawingRevision: i, prompt: "a red house \(i % 2)")
                request.session = reuse ? 0 : UInt64(i + 1)
                let start = clock.now
                let frame = try await renderer.render(request)
                let elapsed = clock.now - start
                if i > 0 { times.append(Double(elapsed.components.attoseconds) * 1e-15 + Double(elapsed.components.seconds) * 1e3) }
                bytes = frame.bytes.count
            }
            times.sort()
            print("live frame 512² (\(label)): median \(times[10]) ms, min \(times[0]) ms, max \(times[19]) ms, \(bytes) bytes")
        }
    }
}
