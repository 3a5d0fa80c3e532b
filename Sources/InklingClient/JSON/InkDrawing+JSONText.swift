import Foundation

/// Canonical stroke JSON text for a drawing: the bytes `StrokeJSONEncoder` writes for the same
/// drawing (compact), read back by `JSONDecoder`, doubles bit for bit both ways.
extension InkDrawing {
    /// The document as canonical stroke JSON in `layout`. A shape every stroke's ink shares is
    /// not hoisted: the drawing's own ``shape`` is written at the top, each ink's in its ink.
    public func jsonData(layout: InkPointLayout = .objects) -> Data {
        var w = CanonicalJSONWriter(capacity: 64 + pointCount * 48)
        w.openObject()
        w.key("format"); w.string(Self.format)
        w.key("version"); w.integer(UInt64(Self.version))
        if let canvas {
            w.key("canvas"); w.openObject()
            w.key("width"); w.number(canvas.width)
            w.key("height"); w.number(canvas.height)
            w.closeObject()
        }
        if let shape { w.key("shape"); shape.write(to: &w) }
        w.key("strokes"); w.openArray()
        for stroke in strokes { stroke.write(layout: layout, to: &w) }
        w.closeArray()
        w.closeObject()
        return Data(w.bytes)
    }

    /// Reads a document in either layout with `JSONDecoder` (which reads numbers exactly).
    /// Structure is checked (format, version, required keys, types, column lengths, at least one
    /// point, masks of three vertices or more); ranges are the server's to check. Numbers that
    /// overflow a double (`1e400`) are refused, as the server refuses them.
    public init(jsonData: Data) throws(InkJSONError) {
        do {
            self = try JSONDecoder().decode(InkDrawing.self, from: jsonData)
        } catch let error as DecodingError {
            throw InkJSONError(error)
        } catch {
            throw InkJSONError(path: "$", message: String(describing: error))
        }
    }
}
