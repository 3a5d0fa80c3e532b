import Foundation

/// How far a size is from the one asked for (``SizeRequest/miss(of:)``): the aspect ratios'
/// distance first (`|ln(w/h) − ln(W/H)|`), then the pixel counts' (`|ln(w·h) − ln(W·H)|`).
public struct SizeMiss: Sendable, Hashable {
    /// The aspect ratios' distance.
    public var ratio: Double
    /// The pixel counts' distance.
    public var area: Double

    /// A distance.
    public init(ratio: Double, area: Double) {
        self.ratio = ratio
        self.area = area
    }

    /// Farther than any size: where a search for the closest starts.
    public static let farthest = SizeMiss(ratio: .infinity, area: .infinity)

    /// The closer of two misses (`a` when tied).
    public static func closer(_ a: SizeMiss, _ b: SizeMiss) -> SizeMiss { b.isCloser(than: a) ? b : a }

    /// Whether this is closer than `other`: a ratio nearer by more than 1e-9, or the same
    /// ratio (within 1e-9) and a pixel count nearer by more than 1e-12 (so two misses are tied
    /// when neither is closer).
    public func isCloser(than other: SizeMiss) -> Bool {
        ratio < other.ratio - 1e-9 || (abs(ratio - other.ratio) <= 1e-9 && area < other.area - 1e-12)
    }
}
