import InklingConditioning
import InklingStrokes

/// A live session's opening message, `{"type": "start", "canvas": {"width", "height"},
/// "prompt": "…", "style": "…", "options": {…}, "cancelOnChange": true}`: the canvas the
/// strokes are drawn on, what to draw, and the generation options as `/v1/generations` reads
/// them (applied over the server's defaults when the session opens).
public struct LiveStart: Sendable, Hashable {
    /// The canvas the strokes' coordinates are on, in drawing units.
    public var canvas: Size2D
    /// The prompt; `nil` for none (the drawing alone).
    public var prompt: String?
    /// The style asked for; `nil`: the options' default.
    public var style: Style?
    /// The `options` object, checked field by field.
    public var options: LiveOptionsPatch?
    /// Whether a change while a generation runs cancels it (default `false`: it finishes, and
    /// the newest revision runs next).
    public var cancelOnChange: Bool

    /// A start message.
    public init(canvas: Size2D, prompt: String? = nil, style: Style? = nil, options: LiveOptionsPatch? = nil, cancelOnChange: Bool = false) {
        self.canvas = canvas
        self.prompt = prompt
        self.style = style
        self.options = options
        self.cancelOnChange = cancelOnChange
    }
}
