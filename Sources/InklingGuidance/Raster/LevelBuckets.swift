import InklingStrokes

/// Outline polygons (in pixels) sorted by quantized level, for the confidence encoding.
///
/// Confidence overlaps must keep the *maximum*, which cairo has no operator for on A8
/// (LIGHTEN only changes colour; alpha always unions). Instead every run is collected here,
/// then painted level by level in ascending order with cairo's SOURCE operator: a pixel fully
/// inside a fill becomes that level, which is ≥ anything painted before, so the result is the
/// maximum; an anti-aliased edge interpolates between the two, exactly as LIGHTEN would.
/// Same-level polygons share one fill. Masked strokes keep their own group with their clip;
/// mirrored outlines (wound the other way) are kept apart from the others so that opposite
/// windings never cancel.
struct LevelBuckets {
    /// Polygons as packed `x, y` pairs and the index of each polygon's first pair.
    struct Polygons {
        var coordinates: [Double] = []
        var starts: [Int] = []
    }

    /// A clip (or none) and its polygons keyed by `level × 2 + mirrored`.
    struct Group {
        var clip: [[Point2D]]?
        var polygons: [Int: Polygons] = [:]
    }

    /// Group 0 is unclipped.
    private(set) var groups: [Group] = [Group(clip: nil)]

    /// Starts a group for a masked stroke; returns its index.
    mutating func addGroup(clip: [[Point2D]]) -> Int {
        groups.append(Group(clip: clip))
        return groups.count - 1
    }

    /// Lets `body` emit polygons (stroke space, mapped by `transform`) into a bucket.
    mutating func add(
        group: Int, level: Int, mirrored: Bool, transform: AffineTransform2D,
        _ body: (inout BucketSink) -> Void
    ) {
        let key = level * 2 + (mirrored ? 1 : 0)
        var sink = BucketSink(transform: transform, polygons: groups[group].polygons.removeValue(forKey: key) ?? Polygons())
        body(&sink)
        groups[group].polygons[key] = sink.polygons
    }

    /// Paints every bucket in ascending level order with the SOURCE operator.
    func paint(on canvas: CairoCanvas, levels: Int) {
        canvas.useSourceOperator()
        for level in 1...levels {
            for group in groups {
                for mirrored in [false, true] {
                    guard let polygons = group.polygons[level * 2 + (mirrored ? 1 : 0)] else { continue }
                    if let clip = group.clip {
                        canvas.pushClip(clip)
                    }
                    let c = polygons.coordinates, starts = polygons.starts
                    for (k, start) in starts.enumerated() {
                        let end = k + 1 < starts.count ? starts[k + 1] : c.count
                        canvas.moveTo(c[start], c[start + 1])
                        var i = start + 2
                        while i < end { canvas.lineTo(c[i], c[i + 1]); i += 2 }
                        canvas.closePath()
                    }
                    canvas.setIntensity(Double(level) / Double(levels))
                    canvas.fill()
                    if group.clip != nil { canvas.restore() }
                }
            }
        }
    }
}
