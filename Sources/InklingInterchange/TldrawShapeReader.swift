import Foundation
import InklingStrokes

/// Turns one tldraw `draw` or `highlight` shape record into strokes (see ``TldrawImporter``).
struct TldrawShapeReader {
    let format: InkFormat
    let path: String
    let shape: [String: Any]
    let transform: AffineTransform2D
    /// Most points one segment may have (the per-stroke limit); base64 point strings longer than
    /// that needs are refused before they are decoded.
    let maxPoints: Int

    /// A finite number at `path`, or `value` when absent.
    static func number(_ any: Any?, _ path: String, default value: Double? = nil) throws(InkImportError) -> Double {
        guard let any, !(any is NSNull) else {
            if let value { return value }
            throw InkImportError(.tldraw, at: path, "missing; expected a number")
        }
        guard let n = any as? Double, n.isFinite else {
            throw InkImportError(.tldraw, at: path, "expected a finite number, got \(String(describing: any).prefix(40))")
        }
        return n
    }

    /// One stroke per non-empty segment.
    func strokes(marker: Bool) throws(InkImportError) -> [Stroke] {
        guard let props = shape["props"] as? [String: Any] else { throw InkImportError(format, at: "\(path).props", "expected an object") }
        guard let segments = props["segments"] as? [Any] else {
            throw InkImportError(format, at: "\(path).props.segments", "expected an array")
        }
        let scale = try Self.number(props["scale"], "\(path).props.scale", default: 1)
        let sx = try Self.number(props["scaleX"], "\(path).props.scaleX", default: 1)
        let sy = try Self.number(props["scaleY"], "\(path).props.scaleY", default: 1)
        let opacity = try Self.number(shape["opacity"], "\(path).opacity", default: 1)
        let sizeName = props["size"] as? String ?? "m"
        guard let width = TldrawImporter.strokeWidths[sizeName] else {
            throw InkImportError(format, at: "\(path).props.size", "expected s, m, l or xl, got \"\(sizeName.prefix(20))\"")
        }
        let colorName = props["color"] as? String ?? "black"
        guard var color = TldrawImporter.palette[colorName] else {
            throw InkImportError(format, at: "\(path).props.color", "unknown tldraw colour \"\(colorName.prefix(20))\"")
        }
        color.alpha = min(max(opacity, 0), 1)
        let nibSide = (1 + 1.5 * width * abs(scale)) * (marker ? 2 : 1)
        let nib = Size2D(width: nibSide, height: nibSide)
        let isPen = props["isPen"] as? Bool ?? false
        let ink = Ink(marker ? .marker : (isPen ? .pen : .monoline), color: color)
        var result: [Stroke] = []
        for (i, item) in segments.enumerated() {
            let sp = "\(path).props.segments[\(i)]"
            guard let segment = item as? [String: Any] else { throw InkImportError(format, at: sp, "expected an object") }
            let raw = try points(segment, sp)
            let pts = raw.map { p in
                StrokePoint(location: Point2D(x: p.x * sx, y: p.y * sy), size: nib, force: 2 * min(max(p.z, 0), 1))
            }
            if !pts.isEmpty { result.append(Stroke(ink: ink, path: StrokePath(points: pts), transform: transform)) }
        }
        return result
    }

    private func points(_ segment: [String: Any], _ sp: String) throws(InkImportError) -> [(x: Double, y: Double, z: Double)] {
        let decoded: [(x: Double, y: Double, z: Double)]
        for key in ["path", "points"] {
            // 8 base64 characters a point (6 bytes: three half floats), after a 12-byte start.
            if let text = segment[key] as? String, text.utf8.count / 8 > maxPoints + 2 {
                throw InkImportError(format, at: "\(sp).\(key)", "about \(text.utf8.count / 8) points encoded, over the per-stroke limit of \(maxPoints)")
            }
        }
        if let text = segment["path"] as? String {
            guard let bytes = Float16Decoding.base64Bytes(text), let pts = Float16Decoding.deltaPoints(bytes) else {
                throw InkImportError(format, at: "\(sp).path", "expected base64 of a binary32 point and half-float deltas")
            }
            decoded = pts
        } else if let text = segment["points"] as? String {
            guard let bytes = Float16Decoding.base64Bytes(text), let pts = Float16Decoding.absolutePoints(bytes) else {
                throw InkImportError(format, at: "\(sp).points", "expected base64 of half-float x, y, z triples (8 characters a point)")
            }
            decoded = pts
        } else if let list = segment["points"] as? [Any] {
            var pts: [(x: Double, y: Double, z: Double)] = []
            pts.reserveCapacity(list.count)
            for (j, item) in list.enumerated() {
                let pp = "\(sp).points[\(j)]"
                guard let p = item as? [String: Any] else { throw InkImportError(format, at: pp, "expected {x, y, z}") }
                pts.append((try Self.number(p["x"], "\(pp).x"), try Self.number(p["y"], "\(pp).y"),
                            try Self.number(p["z"], "\(pp).z", default: 0.5)))
            }
            decoded = pts
        } else {
            throw InkImportError(format, at: "\(sp).points", "expected an array of {x, y, z} or a base64 string")
        }
        for (j, p) in decoded.enumerated() where !(p.x.isFinite && p.y.isFinite && p.z.isFinite) {
            throw InkImportError(format, at: "\(sp).points[\(j)]", "decoded a non-finite value")
        }
        return decoded
    }
}
