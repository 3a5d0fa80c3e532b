/// The size of the surface a drawing was made on (stroke JSON's `canvas`), drawing units.
public struct InkCanvas: Sendable, Hashable, Codable {
    /// Width and height, each 0 < side ≤ 16384 for the server.
    public var width: Double, height: Double

    /// Creates a canvas size.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}
