/// An ink format Inkling reads; the raw value is the name `--from` accepts.
public enum InkFormat: String, Sendable, Hashable, CaseIterable {
    /// Inkling's own stroke JSON (`docs/stroke-json.md`), either point layout.
    case canonical
    /// Pointer Events recorded by a web canvas (a flat array of events, or per-stroke groups).
    case pointerEvents = "pointer-events"
    /// W3C InkML (XML).
    case inkml
    /// Quick, Draw! ndjson (raw or simplified), one drawing per line.
    case quickdraw
    /// Excalidraw scene files (`freedraw` elements).
    case excalidraw
    /// tldraw documents (`draw` shapes, legacy segments or base64 Float16 points).
    case tldraw
    /// perfect-freehand input arrays: `[[x, y, pressure], …]` or `[{x, y, pressure}, …]`.
    case freehand
}
