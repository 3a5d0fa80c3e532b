import Foundation

/// A message to a live session (docs/live.md, "Client → server"), as one JSON text frame.
public enum LiveClientMessage: Sendable, Hashable {
    /// Opens the session: the canvas (required), and optionally a prompt, a style, options over
    /// the server's defaults, and whether a change cancels the generation in flight.
    case start(canvas: InkCanvas, prompt: String? = nil, style: String? = nil, options: GenerationOptions = GenerationOptions(), cancelOnChange: Bool? = nil)
    /// A finished stroke: a change.
    case stroke(InkStroke)
    /// The stroke in progress so far (`nil`: abandoned); never a change.
    case points(InkStroke?)
    /// Takes back the latest stroke or clear.
    case undo
    /// Puts back what undo took.
    case redo
    /// Removes every stroke.
    case clear
    /// Changes what is given (`""` removes the prompt).
    case set(prompt: String? = nil, style: String? = nil, options: GenerationOptions = GenerationOptions(), cancelOnChange: Bool? = nil)
    /// The current revision at full quality, as a job.
    case keep

    /// The message's JSON text (strokes in canonical stroke JSON, the objects layout).
    public var json: String {
        var w = CanonicalJSONWriter()
        w.openObject()
        switch self {
        case .start(let canvas, let prompt, let style, let options, let cancelOnChange):
            w.key("type"); w.string("start")
            w.key("canvas"); w.openObject(); w.key("width"); w.number(canvas.width); w.key("height"); w.number(canvas.height); w.closeObject()
            Self.writeGiven(prompt: prompt, style: style, options: options, cancelOnChange: cancelOnChange, to: &w)
        case .stroke(let stroke):
            w.key("type"); w.string("stroke")
            w.key("stroke"); w.raw(stroke.jsonData())
        case .points(let stroke):
            w.key("type"); w.string("points")
            if let stroke { w.key("stroke"); w.raw(stroke.jsonData()) }
        case .undo: w.key("type"); w.string("undo")
        case .redo: w.key("type"); w.string("redo")
        case .clear: w.key("type"); w.string("clear")
        case .set(let prompt, let style, let options, let cancelOnChange):
            w.key("type"); w.string("set")
            Self.writeGiven(prompt: prompt, style: style, options: options, cancelOnChange: cancelOnChange, to: &w)
        case .keep: w.key("type"); w.string("keep")
        }
        w.closeObject()
        return String(decoding: w.bytes, as: UTF8.self)
    }

    private static func writeGiven(prompt: String?, style: String?, options: GenerationOptions, cancelOnChange: Bool?, to w: inout CanonicalJSONWriter) {
        if let prompt { w.key("prompt"); w.string(prompt) }
        if let style { w.key("style"); w.string(style) }
        if !options.isEmpty { w.key("options"); options.write(to: &w) }
        if let cancelOnChange { w.key("cancelOnChange"); w.bool(cancelOnChange) }
    }
}
