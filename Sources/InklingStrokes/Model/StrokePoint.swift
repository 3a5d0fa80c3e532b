/// One sample of a stroke, with the channels PencilKit's `PKStrokePoint` carries.
///
/// Every channel other than `location` has a documented default used when an input omits it:
/// see ``StrokePoint/Defaults``. Angles are radians; times are seconds.
public struct StrokePoint: Sendable, Hashable, Codable {
    /// Position in the stroke's own coordinate space (before the stroke's transform).
    public var location: Point2D
    /// Seconds since the stroke began; non-decreasing along a stroke.
    public var timeOffset: Double
    /// Nib size in drawing units; `width` is across the stroke.
    public var size: Size2D
    /// Multiplier of the ink's opacity, 0…2.
    public var opacity: Double
    /// Pressure: 1.0 is an average touch, 0 is none; unbounded above.
    public var force: Double
    /// Direction the pen leans, radians in 0…2π (0 points along +x).
    public var azimuth: Double
    /// Pen angle from the surface, radians in 0…π/2 (π/2 is upright).
    public var altitude: Double
    /// Extra scale of the nib for inks that use it (PencilKit's `secondaryScale`).
    public var secondaryScale: Double
    /// Cut-off for textured inks, 0…1: texture below it is not drawn.
    public var threshold: Double

    /// Default values for channels an input does not provide.
    public enum Defaults {
        /// Seconds; a stroke without timing is treated as drawn instantly.
        public static let timeOffset = 0.0
        /// A 4×4 nib, a typical pen width at 100% zoom.
        public static let size = Size2D(width: 4, height: 4)
        /// Full ink opacity.
        public static let opacity = 1.0
        /// An average touch.
        public static let force = 1.0
        /// Pointing along +x.
        public static let azimuth = 0.0
        /// Upright pen.
        public static let altitude = Double.pi / 2
        /// No extra scale.
        public static let secondaryScale = 1.0
        /// No texture cut-off.
        public static let threshold = 0.0
    }

    /// Creates a point; every channel but the location has its documented default.
    public init(
        location: Point2D,
        timeOffset: Double = Defaults.timeOffset,
        size: Size2D = Defaults.size,
        opacity: Double = Defaults.opacity,
        force: Double = Defaults.force,
        azimuth: Double = Defaults.azimuth,
        altitude: Double = Defaults.altitude,
        secondaryScale: Double = Defaults.secondaryScale,
        threshold: Double = Defaults.threshold
    ) {
        self.location = location
        self.timeOffset = timeOffset
        self.size = size
        self.opacity = opacity
        self.force = force
        self.azimuth = azimuth
        self.altitude = altitude
        self.secondaryScale = secondaryScale
        self.threshold = threshold
    }
}
