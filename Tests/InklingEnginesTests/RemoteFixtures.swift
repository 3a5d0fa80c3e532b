import Foundation
import InklingConditioning
import InklingEngines
import InklingImageIO
import XCTest

/// Shared pieces of the external engines' tests: configuration entries pointing at loopback
/// fakes, a small conditioning, and error assertions.
enum RemoteFixtures {
    /// A small size every fake is configured with, so tests stay fast.
    static let size = PixelSize(width: 128, height: 96)

    /// An entry for `kind` at `url` with short timeouts.
    static func entry(_ kind: EngineKind, _ url: URL, name: String? = nil, models: EngineModels? = nil,
                      timeout: Double = 5, generationTimeout: Double = 10) -> EngineEntry {
        let standard: EngineModels = switch kind {
        case .comfyui: EngineModels(checkpoint: "sd_xl_base_1.0.safetensors", controlNet: "controlnet-scribble-sdxl-1.0.safetensors")
        case .automatic1111: EngineModels(checkpoint: "sd_xl_base_1.0.safetensors [31e35c80fc]", controlNet: "control_v11p_sd15_scribble [d4ba51ff]")
        case .openai: EngineModels(model: "gpt-image-1")
        }
        var entry = EngineEntry(name: name ?? kind.rawValue, kind: kind, endpoint: url, models: models ?? standard,
                                sizes: [size, PixelSize(width: 96, height: 128)], timeoutSeconds: timeout, generationTimeoutSeconds: generationTimeout)
        entry.defaults.steps = 8
        return entry
    }

    /// The house drawing with a prompt at ``size``.
    static func conditioning(strength: Double = 0.8, mode: GuidanceMode = .balanced, seed: UInt64 = 7, source: RasterImage? = nil,
                             drawing: Bool = true) -> Conditioning {
        var c = EngineFixtures.conditioning(style: .illustration, size: size, drawing: drawing ? EngineFixtures.house : nil,
                                            strength: strength, mode: mode, seed: seed)
        c.controls = GuidanceControls(strength: strength, start: 0.1, end: 0.7, mode: mode)
        if let source { c.source = SourceImage(image: source, origin: "photo.png") }
        return c
    }

    /// A 64×48 gradient photo.
    static let photo: RasterImage = {
        var image = RasterImage(width: 64, height: 48, format: .rgb)
        for y in 0..<48 { for x in 0..<64 { let v = UInt8(x * 4); image.pixels.replaceSubrange((3 * (y * 64 + x))..<(3 * (y * 64 + x) + 3), with: [v, v, v]) } }
        return image
    }()

    /// A loopback URL nothing listens on (a server started and stopped).
    static func refusedURL() throws -> URL {
        let server = try LoopbackServerHandle.make()
        let url = server.baseURL
        server.stop()
        return url
    }

    /// Asserts that `body` throws a ``RemoteEngineError`` whose one-line message contains every fragment.
    static func assertFails(_ fragments: [String], file: StaticString = #filePath, line: UInt = #line,
                            _ body: () async throws -> Void) async {
        do {
            try await body()
            XCTFail("expected an error containing \(fragments)", file: file, line: line)
        } catch let error as RemoteEngineError {
            let message = error.description
            XCTAssertFalse(message.contains("\n"), "one line: \(message)", file: file, line: line)
            for fragment in fragments { XCTAssertTrue(message.contains(fragment), "\(message) lacks \(fragment)", file: file, line: line) }
        } catch {
            XCTFail("expected RemoteEngineError, got \(type(of: error)): \(error)", file: file, line: line)
        }
    }

    /// Awaits `task`, which must end in `CancellationError` (after the caller cancelled it).
    static func expectCancellation<T: Sendable>(_ task: Task<T, Error>, file: StaticString = #filePath, line: UInt = #line) async {
        do {
            _ = try await task.value
            XCTFail("expected cancellation", file: file, line: line)
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)", file: file, line: line)
        }
    }

    /// Awaits a cancelled generation that must end in ``EngineFailure/cancelled(service:summary:)``
    /// whose message ends with `summary`.
    static func expectCancelled<T: Sendable>(_ task: Task<T, Error>, summary: String, file: StaticString = #filePath, line: UInt = #line) async {
        do {
            _ = try await task.value
            XCTFail("expected cancellation", file: file, line: line)
        } catch let failure as EngineFailure {
            XCTAssertEqual(failure.kind, .cancelled, file: file, line: line)
            XCTAssertTrue(failure.message.hasPrefix("cancelled on "), failure.message, file: file, line: line)
            XCTAssertTrue(failure.message.hasSuffix(": " + summary), failure.message, file: file, line: line)
        } catch {
            XCTFail("expected EngineFailure.cancelled, got \(error)", file: file, line: line)
        }
    }
}

import InklingEngineFakes

/// Starts a loopback server that answers 404 to everything (only its port matters).
enum LoopbackServerHandle {
    static func make() throws -> LoopbackServer { try LoopbackServer { _ in .text("nothing here", status: 404) } }
}
