import InklingStrokes

/// How one ink type turns stroke points into guidance: nib, pressure response, opacity,
/// texture and softness.
///
/// Guidance maps are gray, so an ink's colour hue is ignored; its alpha multiplies intensity:
/// `intensity = colour alpha × point opacity × alpha (× pressure term for pencil)`.
/// Build one from an ``InkType`` with ``init(_:)-(InkType)``, or from an ``Ink`` with its
/// ``StrokeShape`` applied with ``init(_:)-(Ink)``, and adjust fields as needed.
public struct InkProfile: Sendable, Hashable {
    /// Which outline model draws the line.
    public enum Outline: Sendable, Hashable {
        /// Inkling's own: the B-spline through the points, shaped per sample (``StrokeOutliner``).
        case shaped
        /// perfect-freehand's `getStroke` through the points as a polyline (``FreehandOutline``):
        /// one polygon of one intensity; the nib is round and there are no feathered passes.
        case freehand
    }

    /// The outline model.
    public var outline: Outline = .shaped
    /// A fixed line width at average pressure, in stroke units, replacing every point's nib
    /// width × ``nibScale``; `nil` uses the points'.
    public var size: Double?
    /// Multiplier of each point's nib width (``StrokePoint/size`` width).
    var nibScale: Double
    /// How much pressure changes width, as in perfect-freehand: width =
    /// `nib × (1 − thinning × (1 − 2·pressure))` with pressure 0…1 (0.5 = an average touch),
    /// before ``easing``.
    /// Negative values make pressure thin the line.
    public var thinning: Double
    /// Length over which width changes are smoothed, in nib widths.
    public var smoothing: Double
    /// Length over which input positions are smoothed (zero-phase), in nib widths.
    public var streamline: Double
    /// Start taper length in nib widths (0 = none).
    public var taperStart: Double
    /// End taper length in nib widths (0 = none).
    public var taperEnd: Double
    /// Whether pressure is simulated from drawing speed when the input has none (all forces equal).
    public var simulatePressure: Bool
    /// The curve from pressure to width, as perfect-freehand's `easing`: width =
    /// `nib × 2 × easing(0.5 − thinning × (0.5 − pressure))` (linear: the formula above).
    public var easing: StrokeEasing = .linear
    /// Whether the last point is the line's end (perfect-freehand's `last`); the freehand
    /// outline only (Inkling's own always ends on the last point).
    public var last = false
    /// The profile's own opacity, multiplied into every intensity.
    public var alpha: Double
    /// How strongly pressure drives opacity, 0…1: factor `(1 − k) + k·min(1, 2·pressure)`.
    var pressureOpacity: Double
    /// The nib shape: round or flat (direction-dependent width).
    public var nib: InkNib
    /// Optional fill texture.
    public var texture: InkTexture?
    /// Number of feathered passes for a soft edge (0 = hard edge); each pass is wider and fainter.
    var featherPasses: Int

    /// Creates a profile from every field.
    public init(
        nibScale: Double, thinning: Double, smoothing: Double, streamline: Double,
        taperStart: Double, taperEnd: Double, simulatePressure: Bool, alpha: Double,
        pressureOpacity: Double, nib: InkNib, texture: InkTexture?, featherPasses: Int
    ) {
        self.nibScale = nibScale; self.thinning = thinning; self.smoothing = smoothing
        self.streamline = streamline; self.taperStart = taperStart; self.taperEnd = taperEnd
        self.simulatePressure = simulatePressure; self.alpha = alpha
        self.pressureOpacity = pressureOpacity; self.nib = nib; self.texture = texture
        self.featherPasses = featherPasses
    }

    /// The profile for an ink: its type's, with its ``Ink/shape`` applied (see ``StrokeShape``).
    ///
    /// The `freehand` preset first sets perfect-freehand's defaults (thinning, smoothing and
    /// streamline 0.5, simulated pressure, no tapers, a round nib, no feathering) and its
    /// outline; then every field the shape sets replaces the profile's.
    public init(_ ink: Ink) {
        self.init(ink.type)
        guard let shape = ink.shape else { return }
        if shape.preset == .freehand {
            outline = .freehand
            thinning = 0.5; smoothing = 0.5; streamline = 0.5; simulatePressure = true
            taperStart = 0; taperEnd = 0; nib = .round; featherPasses = 0
        }
        if let v = shape.size { size = v }
        if let v = shape.thinning { thinning = v }
        if let v = shape.smoothing { smoothing = v }
        if let v = shape.streamline { streamline = v }
        if let v = shape.taperStart { taperStart = v }
        if let v = shape.taperEnd { taperEnd = v }
        if let v = shape.simulatePressure { simulatePressure = v }
        if let v = shape.easing { easing = v }
        if let v = shape.last { last = v }
    }

    /// The profile Inkling uses for an ink type.
    public init(_ type: InkType) {
        switch type {
        case .pen:
            // Pressure-sensitive width, opaque.
            self.init(nibScale: 1, thinning: 0.6, smoothing: 0.5, streamline: 0.3, taperStart: 0, taperEnd: 0,
                      simulatePressure: true, alpha: 1, pressureOpacity: 0, nib: .round, texture: nil, featherPasses: 0)
        case .pencil:
            // Thin; pressure drives opacity more than width; graphite grain.
            self.init(nibScale: 0.6, thinning: 0.15, smoothing: 0.5, streamline: 0.3, taperStart: 1.5, taperEnd: 1.5,
                      simulatePressure: true, alpha: 0.85, pressureOpacity: 0.7, nib: .round, texture: .grain,
                      featherPasses: 0)
        case .marker:
            // Wide flat nib, translucent, no thinning.
            self.init(nibScale: 2.5, thinning: 0, smoothing: 0.5, streamline: 0.3, taperStart: 0, taperEnd: 0,
                      simulatePressure: false, alpha: 0.5, pressureOpacity: 0, nib: .round, texture: nil, featherPasses: 0)
        case .monoline:
            // Constant width whatever the pressure.
            self.init(nibScale: 1, thinning: 0, smoothing: 0, streamline: 0.3, taperStart: 0, taperEnd: 0,
                      simulatePressure: false, alpha: 1, pressureOpacity: 0, nib: .round, texture: nil, featherPasses: 0)
        case .fountainPen:
            // Broad flat nib at the pen's azimuth.
            self.init(nibScale: 1.6, thinning: 0.3, smoothing: 0.5, streamline: 0.3, taperStart: 0, taperEnd: 0,
                      simulatePressure: false, alpha: 1, pressureOpacity: 0, nib: .azimuth(minimumRatio: 0.2),
                      texture: nil, featherPasses: 0)
        case .watercolor:
            // Wide, translucent, feathered edge.
            self.init(nibScale: 2, thinning: 0.4, smoothing: 1, streamline: 0.5, taperStart: 2, taperEnd: 2,
                      simulatePressure: true, alpha: 0.6, pressureOpacity: 0, nib: .round, texture: nil, featherPasses: 4)
        case .crayon:
            // Wide, waxy gaps.
            self.init(nibScale: 2, thinning: 0.2, smoothing: 0.5, streamline: 0.3, taperStart: 0, taperEnd: 0,
                      simulatePressure: false, alpha: 0.9, pressureOpacity: 0.3, nib: .round, texture: .wax, featherPasses: 0)
        case .reed:
            // Broad nib held at 45°, dry broken edges.
            self.init(nibScale: 2, thinning: 0.2, smoothing: 0.5, streamline: 0.3, taperStart: 0, taperEnd: 0,
                      simulatePressure: false, alpha: 1, pressureOpacity: 0, nib: .fixed(angle: .pi / 4, minimumRatio: 0.25),
                      texture: .dry, featherPasses: 0)
        }
    }
}
