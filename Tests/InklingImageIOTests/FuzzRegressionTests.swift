import Foundation
import InklingImageIO
import XCTest

/// Replays the inputs that crashed the PNG fuzz target (`Fuzz/regressions/png/`) through the
/// same decoder and limit, asserting that each fails cleanly with a one-line error or decodes to
/// a consistent image. (The JPEG target has found no crash yet; its replays belong here when it does.)
///
/// The PNG inputs ran out of memory under the fuzzer (libpng allocating a text chunk's declared
/// length, up to 2 GB, before reading it). Such an allocation leaves the pages untouched, so
/// this test sees only the outcome; the memory bound is checked by `make fuzz`'s -rss_limit_mb.
final class FuzzRegressionTests: XCTestCase {
    /// The pixel limit the fuzz targets use.
    private static let maxPixels = 1 << 20

    /// The files in `Fuzz/regressions/<target>/`, or `nil` when the folder does not exist.
    private func regressions(_ target: String) throws -> [URL]? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = root.appendingPathComponent("Fuzz/regressions/\(target)")
        guard FileManager.default.fileExists(atPath: folder.path) else { return nil }
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
        XCTAssertFalse(files.isEmpty, "Fuzz/regressions/\(target)/ exists but holds no input")
        return files
    }

    /// fuzz-png: `PNGCodec.decode` with the target's pixel limit.
    func testPNGRegressionsFailCleanly() throws {
        let files = try XCTUnwrap(try regressions("png"), "Fuzz/regressions/png/ holds the chunk-length inputs")
        for url in files {
            let bytes = try [UInt8](Data(contentsOf: url))
            do {
                let document = try PNGCodec.decode(bytes, maxPixels: Self.maxPixels)
                let image = document.image
                XCTAssertEqual(image.pixels.count, image.width * image.height * image.format.channels, url.lastPathComponent)
                XCTAssertLessThanOrEqual(image.width * image.height, Self.maxPixels, url.lastPathComponent)
            } catch {
                XCTAssertFalse(error.description.isEmpty, url.lastPathComponent)
                XCTAssertFalse(error.description.contains(where: \.isNewline), "\(url.lastPathComponent): \(error)")
            }
        }
    }
}
