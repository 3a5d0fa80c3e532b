/// What to render: output size, encoding, fit policy and line/softness parameters.
///
/// Values are checked when rendering (``GuidanceRenderer/render(_:)`` throws
/// ``GuidanceError``), so options can be built freely and validated once.
public struct GuidanceOptions: Sendable, Hashable {
    /// Output width in pixels, `1 ... 8192`.
    public var width: Int
    /// Output height in pixels, `1 ... 8192`.
    public var height: Int
    /// How intensities encode the drawing.
    public var encoding: GuidanceEncoding = .scribble
    /// Which way round the encoded intensities are (white-on-black unless inverted).
    public var polarity: GuidancePolarity = .whiteOnBlack
    /// How the drawing's frame maps onto the output.
    public var fit: FitPolicy = .fit
    /// Margin on every side as a fraction of the output's shorter side, `0 ... 0.49`
    /// (default 0.05: 25.6 px at 512).
    public var padding: Double = 0.05
    /// The thinnest a stroke may be in output pixels (default 1.5), whatever its nib, the
    /// stroke transform or the fit scale; thinner outlines are widened to it. `0` disables it.
    public var minimumLineWidth: Double = 1.5
    /// Blur sigma in pixels for ``GuidanceEncoding/soft``; `nil` means 1% of the shorter side.
    public var softness: Double?
    /// Where ``GuidanceEncoding/distance`` reaches 0, in pixels; `nil` means 8% of the shorter side.
    var distanceRadius: Double?

    /// Creates options; see each property for its range and default.
    public init(
        width: Int,
        height: Int,
        encoding: GuidanceEncoding = .scribble,
        polarity: GuidancePolarity = .whiteOnBlack,
        fit: FitPolicy = .fit,
        padding: Double = 0.05,
        minimumLineWidth: Double = 1.5,
        softness: Double? = nil,
        distanceRadius: Double? = nil
    ) {
        self.width = width
        self.height = height
        self.encoding = encoding
        self.polarity = polarity
        self.fit = fit
        self.padding = padding
        self.minimumLineWidth = minimumLineWidth
        self.softness = softness
        self.distanceRadius = distanceRadius
    }

    /// The largest accepted side, in pixels.
    public static let maximumSide = 8192

    /// The blur sigma ``GuidanceEncoding/soft`` uses: ``softness`` or 1% of the shorter side.
    var effectiveSoftness: Double { softness ?? Double(min(width, height)) * 0.01 }

    /// The radius ``GuidanceEncoding/distance`` uses: ``distanceRadius`` or 8% of the shorter side.
    var effectiveDistanceRadius: Double { distanceRadius ?? Double(min(width, height)) * 0.08 }

    /// Throws the first problem found, if any.
    public func validate() throws(GuidanceError) {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw .invalidSize(width: width, height: height)
        }
        guard padding.isFinite, padding >= 0, padding <= 0.49 else {
            throw .invalidOption(name: "padding", value: padding)
        }
        guard minimumLineWidth.isFinite, minimumLineWidth >= 0, minimumLineWidth <= 1024 else {
            throw .invalidOption(name: "minimumLineWidth", value: minimumLineWidth)
        }
        if let softness, !(softness.isFinite && softness >= 0 && softness <= 1024) {
            throw .invalidOption(name: "softness", value: softness)
        }
        if let distanceRadius, !(distanceRadius.isFinite && distanceRadius > 0 && distanceRadius <= 8192) {
            throw .invalidOption(name: "distanceRadius", value: distanceRadius)
        }
    }
}
