import Foundation

/// The fields of one `PKStrokePoint`, as PencilKit defines them: location in the stroke's own
/// space (points, y down, before the stroke's transform), `timeOffset` in seconds since the
/// path's `creationDate`, `size` in points, `opacity` 0…2, `force` 0… (1 an average touch, as
/// `UITouch.force`), `azimuth` and `altitude` in radians, `secondaryScale` and `threshold`
/// (iOS 17).
public struct PencilKitPointFields: Sendable, Hashable {
    public var locationX: Double, locationY: Double
    public var timeOffset: TimeInterval
    public var sizeWidth: Double, sizeHeight: Double
    public var opacity: Double
    public var force: Double
    public var azimuth: Double
    public var altitude: Double
    public var secondaryScale: Double
    public var threshold: Double

    /// Creates the fields of a point.
    public init(
        locationX: Double, locationY: Double, timeOffset: TimeInterval, sizeWidth: Double, sizeHeight: Double,
        opacity: Double, force: Double, azimuth: Double, altitude: Double, secondaryScale: Double = 1, threshold: Double = 0
    ) {
        self.locationX = locationX; self.locationY = locationY; self.timeOffset = timeOffset
        self.sizeWidth = sizeWidth; self.sizeHeight = sizeHeight; self.opacity = opacity; self.force = force
        self.azimuth = azimuth; self.altitude = altitude; self.secondaryScale = secondaryScale; self.threshold = threshold
    }
}
