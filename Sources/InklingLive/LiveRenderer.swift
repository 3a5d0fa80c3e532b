/// What makes a live session's frames: the built-in engine directly (``BuiltInLiveRenderer``),
/// a job through `GenerationJobs`, or a cluster's live lane. A session calls it for at most one
/// revision at a time and cancels the calling task when the work is no longer wanted (a change
/// with `cancelOnChange`, or the session closing); a renderer stops its engine's work then and
/// throws `CancellationError`.
public protocol LiveRenderer: Sendable {
    /// Makes the frame for `request`'s revision.
    ///
    /// - Throws: ``APIError`` (sent to the client as it is), `CancellationError` when
    ///   cancelled, anything else (sent as 500 `render_failed`, on one line).
    func render(_ request: LiveRenderRequest) async throws -> LiveFrame
}
