/// A point from and to `PKStrokePoint`'s fields (see ``InkDrawing/init(pencilKit:canvas:)``).
extension InkPoint {
    /// The point of a `PKStrokePoint`'s fields.
    public init(pencilKit p: PencilKitPointFields) {
        let turn = 2 * Double.pi
        let azimuth = p.azimuth < 0 ? (p.azimuth.truncatingRemainder(dividingBy: turn) + turn).truncatingRemainder(dividingBy: turn) : p.azimuth
        self.init(
            x: p.locationX, y: p.locationY, timeOffset: p.timeOffset, width: p.sizeWidth, height: p.sizeHeight,
            opacity: p.opacity, force: p.force, azimuth: azimuth, altitude: p.altitude,
            secondaryScale: p.secondaryScale, threshold: p.threshold)
    }

    /// `PKStrokePoint`'s fields for this point.
    public var pencilKitFields: PencilKitPointFields {
        PencilKitPointFields(
            locationX: x, locationY: y, timeOffset: timeOffset, sizeWidth: width, sizeHeight: height,
            opacity: opacity, force: force, azimuth: azimuth, altitude: altitude,
            secondaryScale: secondaryScale, threshold: threshold)
    }
}
