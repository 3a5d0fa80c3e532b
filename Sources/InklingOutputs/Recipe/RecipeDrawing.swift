import InklingBase
import InklingStrokes

/// A drawing stored in a recipe: canonical compact stroke JSON and its SHA-256.
public struct RecipeDrawing: Sendable, Hashable {
    /// The drawing as `StrokeJSONEncoder(layout: .objects)` writes it, compact.
    public var json: String
    /// SHA-256 of ``json``'s UTF-8 bytes, 64 lowercase hex digits.
    public var sha256: String

    /// Records `drawing` in its canonical form.
    public init(_ drawing: Drawing) {
        let bytes = StrokeJSONEncoder(layout: .objects, prettyPrinted: false).encode(drawing)
        self.json = String(decoding: bytes, as: UTF8.self)
        self.sha256 = SHA256.hex(of: bytes)
    }

    /// Wraps stored JSON and its hash as read from a file; ``Recipe/init(document:)`` checks them.
    public init(json: String, sha256: String) {
        self.json = json
        self.sha256 = sha256
    }

    /// Decodes the stored JSON back into a drawing.
    ///
    /// - Throws: ``RecipeError/drawingInvalid(_:)`` when the JSON is not a valid drawing.
    public func drawing() throws(RecipeError) -> Drawing {
        do {
            return try StrokeJSONDecoder().decode(Array(json.utf8))
        } catch {
            throw .drawingInvalid(error.description)
        }
    }
}
