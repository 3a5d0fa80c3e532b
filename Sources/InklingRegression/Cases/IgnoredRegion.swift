/// A rectangle of an output, in pixels from its top-left corner, that a comparison leaves out: a
/// clock, a watermark, a region an engine is known to paint differently from run to run.
public struct IgnoredRegion: Sendable, Hashable, Codable {
    public var x: Int, y: Int, width: Int, height: Int

    /// Creates a region; sides of 1 or more.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
