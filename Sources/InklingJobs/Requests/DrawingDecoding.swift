import InklingBase
import InklingInterchange
import InklingStrokes

/// Turns the drawing of a request (bytes in any supported ink format) into a ``Drawing``.
package enum DrawingDecoding {
    /// Decodes `bytes` as `format` (a name such as `pointer-events`) or the detected format;
    /// `scanned` is what one pass over the request already counted in them; `shape` replaces
    /// the strokes' own shape fields.
    package static func decode(
        _ bytes: [UInt8], format: String?, limits: StrokeJSONDecoder.Limits, field: String, scanned: JSONNesting.Member? = nil,
        shape: StrokeShape? = nil
    ) throws(APIError) -> Drawing {
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
            var options = InkImportOptions(maxBytes: limits.maxBytes, shape: shape)
            options.scanned = scanned
            return try InkReader.read(bytes, format: chosen, options: options, limits: limits)
        } catch {
            let location = error.location.isEmpty ? "" : "\(error.location): "
            let prefix = error.format == .canonical ? "" : "\(error.format.rawValue): "
            throw APIError(422, "invalid_drawing", "\(field): \(prefix)\(location)\(error.message)")
        }
    }

    /// The bytes of a drawing given inside a JSON request as a string: the document itself
    /// (InkML, ndjson, or JSON text). A drawing given as an object or an array never reaches the
    /// request's tree (``RequestBody`` sets its bytes aside); any other value is refused.
    package static func bytes(of value: JSONNode) throws(APIError) -> [UInt8] {
        guard let bytes = value.withStringBytes({ Array($0) }) else {
            throw JSONFields.invalid(value.expected("a drawing (an object or array in any supported JSON ink format, or a string holding the document)"))
        }
        return bytes
    }
}
