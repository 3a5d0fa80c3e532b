/// Why the built-in engine could not paint.
public enum BuiltInEngineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The requested size is outside `1 ... 8192` on a side.
    case invalidSize(width: Int, height: Int)
    /// cairo could not allocate a surface (out of memory).
    case drawingSurfaceUnavailable

    /// A message a person can act on.
    public var description: String {
        switch self {
        case .invalidSize(let w, let h): "the built-in engine paints 1…8192 pixels on a side; \(w)x\(h) was asked for"
        case .drawingSurfaceUnavailable: "cairo could not create a drawing surface (out of memory?)"
        }
    }
}
