/// One per-point channel of stroke JSON: its key, its default and how to read and set it.
///
/// The cases are in the order the canonical writer writes them, in both layouts.
public enum InkPointChannel: String, Sendable, CaseIterable, CodingKey {
    case x, y, timeOffset, width, height, opacity, force, azimuth, altitude, secondaryScale, threshold

    /// The value a point takes when a document leaves the channel out (`nil` for `x` and `y`,
    /// which are required).
    public var defaultValue: Double? {
        switch self {
        case .x, .y: nil
        case .timeOffset: InkPoint.Defaults.timeOffset
        case .width: InkPoint.Defaults.width
        case .height: InkPoint.Defaults.height
        case .opacity: InkPoint.Defaults.opacity
        case .force: InkPoint.Defaults.force
        case .azimuth: InkPoint.Defaults.azimuth
        case .altitude: InkPoint.Defaults.altitude
        case .secondaryScale: InkPoint.Defaults.secondaryScale
        case .threshold: InkPoint.Defaults.threshold
        }
    }

    /// The property of ``InkPoint`` this channel is.
    public var keyPath: WritableKeyPath<InkPoint, Double> {
        switch self {
        case .x: \.x
        case .y: \.y
        case .timeOffset: \.timeOffset
        case .width: \.width
        case .height: \.height
        case .opacity: \.opacity
        case .force: \.force
        case .azimuth: \.azimuth
        case .altitude: \.altitude
        case .secondaryScale: \.secondaryScale
        case .threshold: \.threshold
        }
    }

    /// Whether `value` may be left out of a document: bit for bit the default (a `-0.0` is
    /// written, since leaving it out would read back as `+0.0`). Never for `x` and `y`.
    public func canOmit(_ value: Double) -> Bool {
        guard let defaultValue else { return false }
        return value.bitPattern == defaultValue.bitPattern
    }
}
