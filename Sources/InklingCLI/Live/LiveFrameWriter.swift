import Foundation
import InklingImageIO

/// Writes a replayed session's frames into a folder, each named by its revision
/// (`frame-0007.jpg`), atomically; refuses a folder that holds frames already unless told to
/// overwrite them.
struct LiveFrameWriter: Sendable {
    /// The folder.
    let directory: URL
    /// Whether frames of the same names may be replaced.
    let overwrite: Bool

    /// Creates `path` if needed and checks it before any work: a folder, writable, without
    /// frames unless `overwrite`.
    static func prepare(_ path: String, overwrite: Bool) throws(CommandFailure) -> LiveFrameWriter {
        let directory = try OutputNaming.prepare(directory: path)
        guard access(directory.path, W_OK) == 0 else {
            throw CommandFailure(.io, "cannot write into \(path): \(String(cString: strerror(errno))); choose another -o")
        }
        if !overwrite {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            if let existing = names.sorted().first(where: isFrameName) {
                throw CommandFailure(.io, "\(OutputNaming.display(directory.appendingPathComponent(existing))) already exists; pass --overwrite or choose another -o")
            }
        }
        return LiveFrameWriter(directory: directory, overwrite: overwrite)
    }

    /// `frame-0007.jpg` for revision 7 of a JPEG (`.png`, `.webp`; `.bin` for other types).
    static func name(revision: Int, mime: String) -> String {
        let ext = switch mime {
        case "image/jpeg": "jpg"
        case "image/png": "png"
        case "image/webp": "webp"
        default: "bin"
        }
        let number = String(revision)
        return "frame-" + String(repeating: "0", count: max(0, 4 - number.count)) + number + "." + ext
    }

    /// Whether `name` is one this writer writes.
    static func isFrameName(_ name: String) -> Bool {
        guard name.hasPrefix("frame-"), let dot = name.lastIndex(of: ".") else { return false }
        let digits = name[name.index(name.startIndex, offsetBy: 6)..<dot]
        return digits.count >= 4 && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
            && ["jpg", "png", "webp", "bin"].contains(String(name[name.index(after: dot)...]))
    }

    /// Writes one frame's image.
    func write(_ bytes: [UInt8], revision: Int, mime: String) throws(CommandFailure) {
        let url = directory.appendingPathComponent(Self.name(revision: revision, mime: mime))
        do {
            try AtomicFile.write(bytes, to: url, overwrite: overwrite)
        } catch {
            throw OutputFile.failure(error, offersStandardOutput: false)
        }
    }
}
