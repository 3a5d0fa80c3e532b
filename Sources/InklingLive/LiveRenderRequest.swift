import InklingConditioning
import InklingStrokes

/// What a live renderer is asked to draw: one revision of a session, whole (the renderer keeps
/// nothing between calls that it cannot rebuild from this; it may cache by
/// ``drawingRevision``).
public struct LiveRenderRequest: Sendable {
    /// The session's identity (random): a renderer shared by sessions keys its caches by it.
    public var session: UInt64
    /// The revision this frame answers.
    public var revision: Int
    /// The revision at which the drawing last changed: the same for revisions that changed
    /// only the prompt or options, so a guidance map can be reused.
    public var drawingRevision: Int
    /// The finished strokes (never the stroke in progress), on the session's canvas.
    public var drawing: Drawing
    /// The prompt; `nil` for none.
    public var prompt: String?
    /// The style asked for; `nil`: the options' default.
    public var style: Style?
    /// The generation options, the session's fixed seed among them.
    public var options: GenerationOptions
    /// Tells the session how far the generation is, 0…1 (passed on in state messages).
    public var progress: @Sendable (Double) -> Void

    /// A request.
    public init(
        session: UInt64 = 0, revision: Int, drawingRevision: Int, drawing: Drawing, prompt: String?, style: Style?, options: GenerationOptions,
        progress: @escaping @Sendable (Double) -> Void = { _ in }
    ) {
        self.session = session
        self.revision = revision
        self.drawingRevision = drawingRevision
        self.drawing = drawing
        self.prompt = prompt
        self.style = style
        self.options = options
        self.progress = progress
    }
}
