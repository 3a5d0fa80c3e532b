import Foundation
import InklingImageIO

/// An image file a command decodes (`compare`'s two, `render --source`, the guidance map of
/// `compare --guidance`): its declared size is weighed before any pixel memory is taken, against
/// `--max-pixels` or, without it, the budget of a file of its size
/// (``ImageFile/pixelBudget(fileBytes:)``: 64 MiB plus 16 bytes per byte of the file).
enum ImageInput {
    /// The `--max-pixels` option of the commands that decode images.
    static let option = ArgumentSpec.Option(
        "max-pixels", value: "n",
        help: "Largest width × height an input image may declare, checked before decoding.",
        default: "what 64 MiB plus 16 bytes per byte of the file holds")

    /// The `--max-pixels` value, checked: 1…2^32.
    static func maxPixels(_ arguments: ParsedArguments) throws(CommandFailure) -> Int? {
        guard let value = try arguments.value("max-pixels", as: Int.self) else { return nil }
        guard (1...(1 << 32)).contains(value) else { throw .usage("--max-pixels must be within 1…4294967296, got \(value)") }
        return value
    }

    /// The image at `path`, or a one-line reason; one that declares more pixels than allowed is
    /// refused (exit 3) before it costs memory.
    static func read(_ path: String, maxPixels: Int?) throws(CommandFailure) -> RasterImage {
        do {
            return try ImageFile.read(from: URL(fileURLWithPath: path), maxPixels: maxPixels)
        } catch {
            if let size = declaredSize(error) {
                let budget = maxPixels.map { "--max-pixels \($0)" } ?? "the budget of a file of its size"
                throw CommandFailure(.inputRejected, "\(path): declares \(size.width)×\(size.height) pixels, more than \(budget) allows; "
                    + "pass a larger --max-pixels only for a file you trust")
            }
            if case .unreadable = error { throw CommandFailure(.io, error.description) }
            throw CommandFailure(.inputRejected, error.description)
        }
    }

    /// The size an image declared when it was refused for it.
    private static func declaredSize(_ error: ImageFileError) -> (width: Int, height: Int)? {
        switch error {
        case .png(_, .tooLarge(let width, let height)), .jpeg(_, .tooLarge(let width, let height)): (width, height)
        default: nil
        }
    }
}
