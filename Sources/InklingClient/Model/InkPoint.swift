/// One control point of a stroke, with every channel of Inkling stroke JSON
/// (`docs/stroke-json.md`) and of PencilKit's `PKStrokePoint`.
///
/// Every channel but the location has the schema's default, so a point made from `x` and `y`
/// alone is written as `{"x":…,"y":…}`. Angles are radians, times seconds since the stroke began.
public struct InkPoint: Sendable, Hashable {
    /// Position in the stroke's own space (before its transform), drawing units, y down.
    public var x: Double
    /// Position in the stroke's own space (before its transform), drawing units, y down.
    public var y: Double
    /// Seconds since the stroke began (0 … 10⁹, non-decreasing along a stroke).
    public var timeOffset: Double
    /// Nib width across the stroke, drawing units.
    public var width: Double
    /// Nib height, drawing units.
    public var height: Double
    /// Multiplier of the ink's alpha, 0…2.
    public var opacity: Double
    /// Pressure: 1 is an average touch, 0 none; unbounded above.
    public var force: Double
    /// Direction the pen leans, radians 0…2π (0 along +x).
    public var azimuth: Double
    /// Pen angle from the surface, radians 0…π/2 (π/2 upright).
    public var altitude: Double
    /// Extra nib scale for inks that use it.
    public var secondaryScale: Double
    /// Texture cut-off for textured inks, 0…1.
    public var threshold: Double

    /// The schema's defaults for channels a document leaves out.
    public enum Defaults {
        /// Seconds.
        public static let timeOffset = 0.0
        /// A 4-unit nib.
        public static let width = 4.0
        /// A 4-unit nib.
        public static let height = 4.0
        /// Full opacity.
        public static let opacity = 1.0
        /// An average touch.
        public static let force = 1.0
        /// Along +x.
        public static let azimuth = 0.0
        /// Upright.
        public static let altitude = Double.pi / 2
        /// No extra scale.
        public static let secondaryScale = 1.0
        /// No cut-off.
        public static let threshold = 0.0
    }

    /// Creates a point; every channel but the location defaults as the schema says.
    public init(
        x: Double, y: Double, timeOffset: Double = Defaults.timeOffset, width: Double = Defaults.width,
        height: Double = Defaults.height, opacity: Double = Defaults.opacity, force: Double = Defaults.force,
        azimuth: Double = Defaults.azimuth, altitude: Double = Defaults.altitude,
        secondaryScale: Double = Defaults.secondaryScale, threshold: Double = Defaults.threshold
    ) {
        self.x = x; self.y = y; self.timeOffset = timeOffset; self.width = width; self.height = height
        self.opacity = opacity; self.force = force; self.azimuth = azimuth; self.altitude = altitude
        self.secondaryScale = secondaryScale; self.threshold = threshold
    }
}
