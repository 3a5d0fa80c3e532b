import Foundation

/// One stroke as canonical stroke JSON: an element of a document's `strokes`, and what a live
/// session's `stroke` and `points` messages carry.
extension InkStroke {
    /// The stroke's object in `layout`, as the canonical writer writes it.
    public func jsonData(layout: InkPointLayout = .objects) -> Data {
        var w = CanonicalJSONWriter(capacity: 64 + points.count * 48)
        write(layout: layout, to: &w)
        return Data(w.bytes)
    }

    /// Appends the stroke's object: `ink`, then `creationDate`, `randomSeed`, `transform` and
    /// `mask` when they differ from their defaults, then `points`.
    func write(layout: InkPointLayout, to w: inout CanonicalJSONWriter) {
        w.openObject()
        w.key("ink"); w.openObject()
        w.key("type"); w.string(ink.kind.rawValue)
        w.key("color"); w.string(ink.color.hex)
        if let shape = ink.shape { w.key("shape"); shape.write(to: &w) }
        w.closeObject()
        if creationDate.bitPattern != 0 { w.key("creationDate"); w.number(creationDate) }
        if randomSeed != 0 { w.key("randomSeed"); w.integer(UInt64(randomSeed)) }
        if !transform.isIdentity {
            w.key("transform"); w.openArray()
            for v in transform.coefficients { w.number(v) }
            w.closeArray()
        }
        if let mask {
            w.key("mask"); w.openArray()
            for polygon in mask {
                w.openArray()
                for vertex in polygon { w.openArray(); w.number(vertex.x); w.number(vertex.y); w.closeArray() }
                w.closeArray()
            }
            w.closeArray()
        }
        w.key("points")
        switch layout {
        case .objects:
            w.openArray()
            for point in points {
                w.openObject()
                for channel in InkPointChannel.allCases {
                    let v = point[keyPath: channel.keyPath]
                    if !channel.canOmit(v) { w.key(channel.rawValue); w.number(v) }
                }
                w.closeObject()
            }
            w.closeArray()
        case .columnar:
            w.openObject()
            for channel in InkPointChannel.allCases where points.contains(where: { !channel.canOmit($0[keyPath: channel.keyPath]) }) {
                w.key(channel.rawValue); w.openArray()
                for point in points { w.number(point[keyPath: channel.keyPath]) }
                w.closeArray()
            }
            w.closeObject()
        }
        w.closeObject()
    }
}
