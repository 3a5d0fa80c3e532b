import Foundation

/// Writes 8-bit gray pixels as a binary PGM, so a benchmark's maps can be looked at without
/// any image library.
enum PGM {
    /// Writes `pixels` (row-major, `width × height`) to `path`.
    static func write(_ pixels: [UInt8], width: Int, height: Int, to path: String) throws(BenchError) {
        guard pixels.count == width * height else {
            throw .failed("\(path): \(pixels.count) pixels for \(width)x\(height)")
        }
        var data = Data("P5\n\(width) \(height)\n255\n".utf8)
        data.append(contentsOf: pixels)
        guard FileManager.default.createFile(atPath: path, contents: data) else {
            throw .failed("\(path): cannot write")
        }
    }
}
