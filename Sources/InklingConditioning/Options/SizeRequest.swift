import InklingStrokes

/// The output size a caller asks for; the engine picks from what it supports.
public enum SizeRequest: Sendable, Hashable {
    /// The engine's default size.
    case engineDefault
    /// The supported size closest to this one: aspect ratio first, then resolution.
    case closest(to: PixelSize)
}

extension SizeRequest {
    /// The one default-size rule for the command line, the API and the library: without a size
    /// (``engineDefault``), a drawing with a canvas asks for the supported size closest to its
    /// canvas (so a 390×844 phone drawing gets a portrait image); a request with a size, or
    /// without a drawing canvas, stays as it is.
    public func following(_ drawing: Drawing?) -> SizeRequest {
        guard self == .engineDefault, let canvas = drawing?.canvas, canvas.width >= 1, canvas.height >= 1,
              canvas.width.isFinite, canvas.height.isFinite else { return self }
        return .closest(to: PixelSize(width: Int(min(canvas.width.rounded(), 1e9)), height: Int(min(canvas.height.rounded(), 1e9))))
    }
}
