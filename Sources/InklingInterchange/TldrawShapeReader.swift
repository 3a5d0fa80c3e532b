import InklingBase
import InklingStrokes

/// Turns one tldraw `draw` or `highlight` shape record into strokes (see ``TldrawImporter``).
/// Errors are at the record's JSON paths (`records[0].props.segments[1].points[3].y`).
struct TldrawShapeReader {
    let shape: JSONNode
    let transform: AffineTransform2D
    /// Most points one segment may have (the per-stroke limit); base64 point strings longer than
    /// that needs are refused before they are decoded.
    let maxPoints: Int

    /// The member `key` of `object` as a finite number, or `value` when absent or `null`.
    static func number(_ object: JSONNode, _ key: String, default value: Double? = nil) throws(JSONError) -> Double {
        guard let node = object[key] else {
            if let value { return value }
            throw error(object, key, "missing; expected a number", kind: .missingKey)
        }
        guard let n = node.number else { throw node.expected("a finite number") }
        return n
    }

    /// An error about the member `key` of `object`, present or not.
    static func error(_ object: JSONNode, _ key: String, _ message: String, kind: JSONError.Kind = .wrongType) -> JSONError {
        JSONError(kind: kind, path: object.path.appending(.key(key)).description, message: message)
    }

    /// One stroke per non-empty segment.
    func strokes(marker: Bool) throws(JSONError) -> [Stroke] {
        guard let props = shape["props"], props.kind == .object else { throw Self.error(shape, "props", "expected an object") }
        guard let segments = props["segments"], segments.kind == .array else {
            throw Self.error(props, "segments", "expected an array")
        }
        let scale = try Self.number(props, "scale", default: 1)
        let sx = try Self.number(props, "scaleX", default: 1)
        let sy = try Self.number(props, "scaleY", default: 1)
        let opacity = try Self.number(shape, "opacity", default: 1)
        let sizeName = props["size"]?.string ?? "m"
        guard let width = TldrawImporter.strokeWidths[sizeName] else {
            throw Self.error(props, "size", "expected s, m, l or xl, got \"\(sizeName.prefix(20))\"", kind: .outOfRange)
        }
        let colorName = props["color"]?.string ?? "black"
        guard var color = TldrawImporter.palette[colorName] else {
            throw Self.error(props, "color", "unknown tldraw colour \"\(colorName.prefix(20))\"", kind: .outOfRange)
        }
        color.alpha = min(max(opacity, 0), 1)
        let nibSide = (1 + 1.5 * width * abs(scale)) * (marker ? 2 : 1)
        let nib = Size2D(width: nibSide, height: nibSide)
        let isPen = props["isPen"]?.bool ?? false
        let ink = Ink(marker ? .marker : (isPen ? .pen : .monoline), color: color)
        var result: [Stroke] = []
        for segment in segments.elements {
            guard segment.kind == .object else { throw segment.error("expected an object") }
            let raw = try points(segment)
            let pts = raw.map { p in
                StrokePoint(location: Point2D(x: p.x * sx, y: p.y * sy), size: nib, force: 2 * min(max(p.z, 0), 1))
            }
            if !pts.isEmpty { result.append(Stroke(ink: ink, path: StrokePath(points: pts), transform: transform)) }
        }
        return result
    }

    private func points(_ segment: JSONNode) throws(JSONError) -> [(x: Double, y: Double, z: Double)] {
        let decoded: [(x: Double, y: Double, z: Double)]
        for key in ["path", "points"] {
            // 8 base64 characters a point (6 bytes: three half floats), after a 12-byte start.
            if let length = segment[key]?.withStringBytes({ $0.count }), length / 8 > maxPoints + 2 {
                throw Self.error(segment, key, "about \(length / 8) points encoded, over the per-stroke limit of \(maxPoints)", kind: .limitExceeded)
            }
        }
        if let text = segment["path"]?.string {
            guard let bytes = Float16Decoding.base64Bytes(text), let pts = Float16Decoding.deltaPoints(bytes) else {
                throw Self.error(segment, "path", "expected base64 of a binary32 point and half-float deltas")
            }
            decoded = pts
        } else if let text = segment["points"]?.string {
            guard let bytes = Float16Decoding.base64Bytes(text), let pts = Float16Decoding.absolutePoints(bytes) else {
                throw Self.error(segment, "points", "expected base64 of half-float x, y, z triples (8 characters a point)")
            }
            decoded = pts
        } else if let list = segment["points"], list.kind == .array {
            var pts: [(x: Double, y: Double, z: Double)] = []
            pts.reserveCapacity(list.count ?? 0)
            for p in list.elements {
                guard p.kind == .object else { throw p.error("expected {x, y, z}") }
                pts.append((try Self.number(p, "x"), try Self.number(p, "y"), try Self.number(p, "z", default: 0.5)))
            }
            decoded = pts
        } else {
            throw Self.error(segment, "points", "expected an array of {x, y, z} or a base64 string")
        }
        for (j, p) in decoded.enumerated() where !(p.x.isFinite && p.y.isFinite && p.z.isFinite) {
            let path = segment.path.appending(.key("points")).appending(.index(j))
            throw JSONError(kind: .notFinite, path: path.description, message: "decoded a non-finite value")
        }
        return decoded
    }
}
