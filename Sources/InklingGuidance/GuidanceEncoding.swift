/// How a guidance map encodes the drawing as 8-bit gray intensities.
///
/// Every encoding is white-on-black: 0 means "no suggestion here", 255 the strongest one.
public enum GuidanceEncoding: String, Sendable, CaseIterable {
    /// Anti-aliased white lines on black, the ControlNet scribble / lineart convention.
    ///
    /// Intensity is ink colour alpha × point opacity × the ink profile's alpha (hue is ignored).
    case scribble
    /// The scribble blurred with a Gaussian-like kernel, so an engine sees a region of suggestion.
    ///
    /// The blur is three integer box passes whose combined variance matches
    /// ``GuidanceOptions/softness`` (default 1% of the output's shorter side). Blurring spreads
    /// and dims thin lines, so the result is then brightened on its lines: the median value
    /// under the scribble's line cores is taken to the scribble's peak (at most 16×) and
    /// crossings saturate, so lines are as strong as the scribble's whatever the drawing
    /// (scaling to the brightest pixel left lines at 86–203 of 255, depending on crossings).
    case soft
    /// A distance field: 255 on the strokes, falling linearly to 0 at
    /// ``GuidanceOptions/distanceRadius`` pixels (default 8% of the shorter side).
    ///
    /// "On the stroke" means at least half covered by a stroke's outline (opacity and texture do
    /// not matter); distances are exact Euclidean (Felzenszwalb–Huttenlocher transform).
    case distance
    /// Per-pixel confidence from pressure and drawing speed: light, fast strokes are weaker.
    ///
    /// See ``ConfidenceModel`` for the formula. Overlapping strokes keep the larger value.
    case confidence
}
