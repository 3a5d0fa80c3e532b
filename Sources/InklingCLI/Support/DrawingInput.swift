import Foundation
import InklingImageIO
import InklingInterchange
import InklingStrokes

/// Reads a drawing named on the command line (a path, or `-` for standard input).
enum DrawingInput {
    /// The raw bytes of `path`, refusing anything over `limit` before reading all of it.
    static func bytes(at path: String, limit: Int, io: any CommandIO) throws(CommandFailure) -> [UInt8] {
        if path == "-" {
            guard let bytes = try io.readInput(limit: limit) else {
                throw CommandFailure(.inputRejected, "<stdin>: document is larger than the \(limit)-byte limit; raise --max-bytes if it is genuine")
            }
            return bytes
        }
        do {
            return try FileContents.read(path: path, maxBytes: limit)
        } catch {
            switch error {
            case .tooLarge(_, let size, let limit):
                throw CommandFailure(.inputRejected, "\(path): document is \(size) bytes, over the \(limit)-byte limit; raise --max-bytes if it is genuine")
            case .notRegular(_, .directory):
                throw CommandFailure(.io, "\(path): is a directory, expected a drawing file")
            case .notRegular:
                throw CommandFailure(.io, "\(error.description); pipe it to standard input and pass - instead")
            case .missing, .unreadable:
                throw CommandFailure(.io, error.description)
            }
        }
    }

    /// Reads and decodes the drawing at `path` in any supported ink format (detected unless
    /// `input` names one), `shape` applied to every stroke; errors name the file, then the format and where in it (for canonical
    /// stroke JSON, just the JSON path, as ``StrokeJSONError`` describes it).
    static func drawing(
        at path: String, limits: StrokeJSONDecoder.Limits, input: InputFormatOptions = .auto, shape: StrokeShape? = nil,
        io: any CommandIO
    ) throws(CommandFailure) -> Drawing {
        let bytes = try bytes(at: path, limit: limits.maxBytes, io: io)
        do {
            var notices: [String] = []
            let drawing = try InkReader.read(
                bytes, format: input.format, options: input.importOptions(maxBytes: limits.maxBytes, shape: shape), limits: limits,
                notices: &notices)
            for notice in notices { io.writeError("inkling: \(displayName(path)): note: \(notice)") }
            return drawing
        } catch {
            throw CommandFailure(.inputRejected, "\(displayName(path)): \(describe(error))")
        }
    }

    /// One line for an import error: canonical errors exactly as the stroke JSON decoder words
    /// them (`strokes[0].points[0].y: …`), other formats prefixed with the format's name.
    static func describe(_ error: InkImportError) -> String {
        guard error.format == .canonical else { return error.description }
        return error.location.isEmpty ? error.message : "\(error.location): \(error.message)"
    }

    /// How a path is shown in messages.
    static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }
}
