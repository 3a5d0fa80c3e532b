import Foundation
import InklingImageIO
import InklingConditioning

/// Names of the files `inkling render` writes: `<stem>-<style>-<seed>-<n>.png`.
enum OutputNaming {
    /// The stem of a drawing path: its file name without extension (`drawing` for stdin).
    static func stem(of path: String) -> String {
        guard path != "-" else { return "drawing" }
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let cleaned = String(name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "-" })
        return cleaned.isEmpty ? "drawing" : cleaned
    }

    /// The file (or, for emoji, folder) name of variation `variation` (0-based).
    static func name(stem: String, style: Style, seed: UInt64, variation: Int) -> String {
        "\(stem)-\(style.rawValue)-\(seed)-\(variation + 1)" + (style == .emoji ? "" : ".png")
    }

    /// `path` relative to the current directory when it is inside it, for shorter messages.
    static func display(_ url: URL) -> String {
        let cwd = FileManager.default.currentDirectoryPath + "/"
        return url.path.hasPrefix(cwd) ? String(url.path.dropFirst(cwd.count)) : url.path
    }

    /// Creates `directory` if needed; a clear I/O failure otherwise.
    static func prepare(directory: String) throws(CommandFailure) -> URL {
        let url = URL(fileURLWithPath: directory, isDirectory: true)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw CommandFailure(.io, "\(directory) is a file; -o names the output directory") }
            // What a render killed midway left here (hidden temporary files and half-made emoji
            // sets of processes that no longer run) goes before new outputs are written.
            AtomicFile.sweepAbandoned(in: url)
            return url
        }
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure(.io, "cannot create \(directory): \(error.localizedDescription)")
        }
        return url
    }
}
