import Foundation

/// The stroke JSON format mirrored as plain `Codable` structs, the way an app would decode it
/// with Foundation's `JSONDecoder`: the fair Foundation counterpart of `StrokeJSONDecoder`
/// (every documented key is read; no validation beyond types).
struct CodableDrawing: Decodable {
    var format: String
    var version: Int
    var canvas: CodableCanvas?
    var strokes: [CodableStroke]

    /// Control points over all strokes.
    var pointCount: Int { strokes.reduce(0) { $0 + $1.points.count } }

    /// Decodes a document with a fresh `JSONDecoder`; returns the point count.
    static func decode(_ data: Data) throws -> Int {
        try JSONDecoder().decode(CodableDrawing.self, from: data).pointCount
    }
}
