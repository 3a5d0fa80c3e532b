import InklingJobs

/// One message from the server to a live client (`docs/live.md`): JSON text frames; a frame's
/// header is followed by one binary frame of its bytes.
public enum LiveServerMessage: Sendable, Hashable {
    /// `{"type": "state", …}`.
    case state(LiveStateReport)
    /// `{"type": "frame", "revision": N, "mime": "image/jpeg", "bytes": K, "width", "height"}`:
    /// the header of the binary frame that follows.
    case frame(revision: Int, mime: String, bytes: Int, width: Int, height: Int)
    /// `{"type": "error", "code": "…", "message": "…", "status": S}`.
    case error(APIError)
    /// `{"type": "kept", …}`.
    case kept(LiveKept)

    /// The header of `frame`.
    public static func header(of frame: LiveFrame) -> LiveServerMessage {
        .frame(revision: frame.revision, mime: frame.mime, bytes: frame.bytes.count, width: frame.width, height: frame.height)
    }
}
