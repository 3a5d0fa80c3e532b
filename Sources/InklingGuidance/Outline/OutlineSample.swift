/// One densified point of a stroke on its way to becoming an outline (stroke space).
///
/// The sampler fills the input channels; ``OutlineShaper`` fills the derived ones.
struct OutlineSample {
    // Input channels, interpolated from the B-spline.
    var x: Double
    var y: Double
    /// Nib width (the point's `size.width`).
    var nib: Double
    var force: Double
    var opacity: Double
    /// Azimuth, unwrapped along the stroke (only its sine and cosine matter).
    var azimuth: Double
    /// Drawing speed of the control segment this sample came from, units per second
    /// (a proxy at 60 events/s when the stroke has no timing).
    var speed: Double

    // Derived by the shaper.
    /// Arc length from the first sample.
    var arc: Double = 0
    /// Unit direction of the segment from this sample to the next (the last copies the previous).
    var dx: Double = 1
    var dy: Double = 0
    /// Pressure 0…1 (0.5 = average), real or simulated.
    var pressure: Double = 0.5
    /// Half the outline width.
    var radius: Double = 0
    /// Scribble intensity 0…1.
    var intensity: Double = 1
    /// Confidence 0…1.
    var confidence: Double = 1
    /// Whether the outline polygon needs this sample (see decimation in ``OutlineShaper``).
    var keep: Bool = true
}
