import Foundation

/// The fields of one `PKStroke` the bridge reads and writes: its ink (`PKInk.inkType`, and the
/// colour as sRGB components, straight alpha, which the conformance takes from the `UIColor`),
/// `transform` (`CGAffineTransform`), `mask` (the `UIBezierPath` flattened into closed polygons),
/// `randomSeed`, and its path's `creationDate` and control points.
public struct PencilKitStrokeFields: Sendable, Hashable {
    public var inkType: PencilKitInkType
    /// sRGB components; extended-range values (a Display P3 colour) are clamped when written.
    public var red: Double, green: Double, blue: Double, alpha: Double
    public var transform: InkTransform
    /// Closed polygons in stroke space, or `nil` for no mask.
    public var mask: [[InkVertex]]?
    public var randomSeed: UInt32
    public var creationDate: Date
    public var points: [PencilKitPointFields]

    /// Creates the fields of a stroke.
    public init(
        inkType: PencilKitInkType, red: Double, green: Double, blue: Double, alpha: Double,
        transform: InkTransform = .identity, mask: [[InkVertex]]? = nil, randomSeed: UInt32 = 0,
        creationDate: Date, points: [PencilKitPointFields]
    ) {
        self.inkType = inkType; self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
        self.transform = transform; self.mask = mask; self.randomSeed = randomSeed
        self.creationDate = creationDate; self.points = points
    }
}
