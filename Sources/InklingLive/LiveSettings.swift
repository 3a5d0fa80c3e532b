import InklingConditioning

/// A `set` message, `{"type": "set", "prompt": "…", "style": "…", "options": {…},
/// "cancelOnChange": false}`: what changes, the rest left as it is. An empty prompt removes
/// the prompt; options apply over the session's current ones.
public struct LiveSettings: Sendable, Hashable {
    /// The new prompt (`""`: none); `nil`: unchanged.
    public var prompt: String?
    /// The new style; `nil`: unchanged.
    public var style: Style?
    /// Options to change; `nil`: unchanged.
    public var options: LiveOptionsPatch?
    /// Whether changes cancel a running generation from now on; `nil`: unchanged.
    public var cancelOnChange: Bool?

    /// A change of settings.
    public init(prompt: String? = nil, style: Style? = nil, options: LiveOptionsPatch? = nil, cancelOnChange: Bool? = nil) {
        self.prompt = prompt
        self.style = style
        self.options = options
        self.cancelOnChange = cancelOnChange
    }
}
