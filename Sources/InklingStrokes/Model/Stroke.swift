/// One stroke of a drawing, like PencilKit's `PKStroke`.
public struct Stroke: Sendable, Hashable, Codable {
    /// The tool and colour.
    public var ink: Ink
    /// The curve and its per-point channels, in the stroke's own space.
    public var path: StrokePath
    /// Maps the stroke's own space into drawing space (identity by default).
    public var transform: AffineTransform2D
    /// Clip region in the stroke's own space, applied before `transform`; `nil` draws everything.
    public var mask: StrokeMask?
    /// Seed for textured inks (pencil, crayon, watercolour grain), so a stroke renders the same every time.
    public var randomSeed: UInt32

    /// Creates a stroke.
    public init(
        ink: Ink,
        path: StrokePath,
        transform: AffineTransform2D = .identity,
        mask: StrokeMask? = nil,
        randomSeed: UInt32 = 0
    ) {
        self.ink = ink
        self.path = path
        self.transform = transform
        self.mask = mask
        self.randomSeed = randomSeed
    }

    /// The area the stroke can paint, in drawing space: the control points grown by each
    /// point's half nib size, or half the shape's ``StrokeShape/size`` when it sets one (the size
    /// replaces every nib), clipped to the mask, then transformed (the B-spline stays inside the
    /// points' convex hull). `nil` for an empty stroke or one whose mask hides it entirely.
    public var renderBounds: Rect2D? {
        guard !path.points.isEmpty else { return nil }
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        // A usable size replaces the nibs, as the outliner takes it; the default nib of points
        // that carry no width must not widen the frame of a drawing drawn finer than it.
        let shapeSize = ink.shape?.size.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        for p in path.points {
            // Reflected phantom endpoints keep the curve inside the hull of the real points.
            let r = (shapeSize ?? max(p.size.width, p.size.height)) * max(1, p.secondaryScale) / 2
            minX = min(minX, p.location.x - r); maxX = max(maxX, p.location.x + r)
            minY = min(minY, p.location.y - r); maxY = max(maxY, p.location.y + r)
        }
        var local = Rect2D(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        if let mask {
            guard let maskBounds = mask.bounds, let clipped = local.intersection(maskBounds) else { return nil }
            local = clipped
        }
        return transform.apply(to: local)
    }

    /// This stroke with `t` applied after its own transform.
    public func transformed(using t: AffineTransform2D) -> Stroke {
        var copy = self
        copy.transform = transform.concatenating(t)
        return copy
    }
}
