import Foundation

/// What a live session says (docs/live.md, "Server → client"); a frame comes with its image.
public enum LiveServerEvent: Sendable, Hashable {
    /// The session's state: `waiting`, `running`, `upToDate` or `idle`, the revision being
    /// rendered, progress, the newest revision a frame answered, frames dropped for a slow reader.
    case state(revision: Int, state: String, rendering: Int?, progress: Double?, answered: Int?, dropped: Int?)
    /// An image for `revision` (revisions only increase).
    case frame(revision: Int, mime: String, width: Int, height: Int, image: Data)
    /// A refused message or a failed generation; the session goes on.
    case error(InklingAPIError)
    /// A `keep` became a job.
    case kept(revision: Int, job: String, url: String)

    /// The fields of a server message's text.
    struct Text: Decodable {
        var type: String
        var revision: Int?, state: String?, rendering: Int?, progress: Double?, answered: Int?, dropped: Int?
        var mime: String?, bytes: Int?, width: Int?, height: Int?
        var code: String?, message: String?, status: Int?
        var job: String?, url: String?
    }
}
