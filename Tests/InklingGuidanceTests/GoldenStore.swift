import Foundation
import InklingImageIO
import XCTest

/// Reference images for golden tests, stored as PNG under `Tests/InklingGuidanceTests/Golden/`.
///
/// - Comparison passes when the mean absolute difference is ≤ 1.0 gray level and at most 0.5%
///   of the pixels differ by more than 16 (small anti-aliasing or libm differences pass, a
///   moved or missing stroke does not).
/// - `INKLING_RECORD_GOLDEN=1` (re)writes every reference and passes.
/// - A missing reference is recorded and the test fails, saying so.
/// - On a mismatch the actual image and an amplified difference image are written to a
///   temporary folder whose path is printed and put in the failure message.
struct GoldenStore {
    /// The folder holding the references (found from this file's path, so recording writes
    /// into the source tree).
    let folder: URL

    init(filePath: String = #filePath) {
        folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    }

    /// Whether the environment asks to re-record every reference.
    static var recording: Bool { ProcessInfo.processInfo.environment["INKLING_RECORD_GOLDEN"] == "1" }

    /// Compares `image` with the reference `name`.png, recording it when asked or missing.
    func assertMatches(_ image: RasterImage, named name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = folder.appendingPathComponent("\(name).png")
        let exists = FileManager.default.fileExists(atPath: url.path)
        if Self.recording || !exists {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(PNGCodec.encode(PNGDocument(image: image), compressionLevel: 9)).write(to: url)
            if !exists && !Self.recording {
                XCTFail("golden \(name).png was missing; recorded it at \(url.path) — check it and rerun", file: file, line: line)
            }
            return
        }
        let reference = try PNGCodec.decode([UInt8](Data(contentsOf: url))).image
        guard reference.width == image.width, reference.height == image.height, reference.format == image.format else {
            let where_ = try writeArtifacts(actual: image, diff: nil, name: name)
            XCTFail("golden \(name): size or format changed (\(reference.width)×\(reference.height) \(reference.format) → "
                    + "\(image.width)×\(image.height) \(image.format)); actual written to \(where_)", file: file, line: line)
            return
        }
        var total = 0, large = 0
        var diff = [UInt8](repeating: 0, count: image.pixels.count)
        for i in 0..<image.pixels.count {
            let d = abs(Int(image.pixels[i]) - Int(reference.pixels[i]))
            total += d
            if d > 16 { large += 1 }
            diff[i] = UInt8(min(255, d * 4))
        }
        let mean = Double(total) / Double(max(image.pixels.count, 1))
        let fraction = Double(large) / Double(max(image.pixels.count, 1))
        if mean > 1.0 || fraction > 0.005 {
            let diffImage = RasterImage(width: image.width, height: image.height, format: image.format, pixels: diff)
            let where_ = try writeArtifacts(actual: image, diff: diffImage, name: name)
            XCTFail(String(format: "golden %@ differs: mean |Δ| %.3f (limit 1.0), %.3f%% of pixels off by > 16 (limit 0.5%%); "
                           + "actual and diff written to %@", name, mean, fraction * 100, where_), file: file, line: line)
        }
    }

    /// Writes `<name>-actual.png` and `<name>-diff.png` to a temporary folder and returns its path.
    private func writeArtifacts(actual: RasterImage, diff: RasterImage?, name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inkling-golden-failures")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(PNGCodec.encode(PNGDocument(image: actual))).write(to: dir.appendingPathComponent("\(name)-actual.png"))
        if let diff {
            try Data(PNGCodec.encode(PNGDocument(image: diff))).write(to: dir.appendingPathComponent("\(name)-diff.png"))
        }
        print("golden \(name): artifacts in \(dir.path)")
        return dir.path
    }
}
