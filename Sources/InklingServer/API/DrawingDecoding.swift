import Foundation
import InklingInterchange
import InklingStrokes

/// Turns the drawing of a request (bytes in any supported ink format) into a ``Drawing``.
enum DrawingDecoding {
    /// Decodes `bytes` as `format` (a name such as `pointer-events`) or the detected format.
    static func decode(_ bytes: [UInt8], format: String?, limits: StrokeJSONDecoder.Limits, field: String) throws(APIError) -> Drawing {
        let chosen: InkFormat?
        if let format {
            guard let known = InkFormat(rawValue: format) else {
                let names = InkFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw APIError(400, "invalid_request", "format: unknown ink format '\(format.prefix(40))'; use one of \(names), or leave it out to detect it")
            }
            chosen = known
        } else {
            chosen = nil
        }
        do {
            return try InkReader.read(bytes, format: chosen, options: InkImportOptions(maxBytes: limits.maxBytes), limits: limits)
        } catch {
            let location = error.location.isEmpty ? "" : "\(error.location): "
            let prefix = error.format == .canonical ? "" : "\(error.format.rawValue): "
            throw APIError(422, "invalid_drawing", "\(field): \(prefix)\(location)\(error.message)")
        }
    }

    /// The bytes of a drawing given inside a JSON request: a string is the document itself
    /// (InkML, ndjson, or JSON text); an object or array is re-serialized.
    static func bytes(of value: Any, field: String) throws(APIError) -> [UInt8] {
        if let text = value as? String { return Array(text.utf8) }
        guard value is [String: Any] || value is [Any],
              let data = try? JSONSerialization.data(withJSONObject: value, options: [])
        else {
            throw APIError(400, "invalid_request", "\(field): expected a drawing (an object or array in any supported JSON ink format, or a string holding the document), got \(JSONFields.kind(value))")
        }
        return [UInt8](data)
    }
}
