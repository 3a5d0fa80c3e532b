import InklingStrokes

/// One message from a live client, a JSON text frame (`docs/live.md`): the session's start,
/// finished strokes, the stroke in progress, undo, redo, clear, changes of settings, keep.
public enum LiveClientMessage: Sendable, Hashable {
    /// `{"type": "start", …}`: opens the session.
    case start(LiveStart)
    /// `{"type": "stroke", "stroke": {…}}`: a finished stroke, one stroke of canonical stroke
    /// JSON; a change (a new revision).
    case stroke(Stroke)
    /// `{"type": "points", "stroke": {…}}`: the stroke in progress so far, for previews only:
    /// never a change, never a generation; `nil` (`"stroke"` absent or `null`): the stroke was
    /// abandoned (the pen left without finishing it).
    case points(Stroke?)
    /// `{"type": "undo"}`: takes back the last stroke or clear.
    case undo
    /// `{"type": "redo"}`: puts back what undo took.
    case redo
    /// `{"type": "clear"}`: removes every stroke (undoable).
    case clear
    /// `{"type": "set", …}`: changes the prompt, style, options or `cancelOnChange`.
    case set(LiveSettings)
    /// `{"type": "keep"}`: asks for the current revision at full quality, as a job.
    case keep

    /// The message's `type`.
    public var type: String {
        switch self {
        case .start: "start"
        case .stroke: "stroke"
        case .points: "points"
        case .undo: "undo"
        case .redo: "redo"
        case .clear: "clear"
        case .set: "set"
        case .keep: "keep"
        }
    }

    /// Every `type` a client may send.
    public static let types = ["start", "stroke", "points", "undo", "redo", "clear", "set", "keep"]
}
