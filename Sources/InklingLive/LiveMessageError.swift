import InklingBase
import InklingJobs
import InklingStrokes

/// The ``APIError``s a live session answers with, in one place: each has a status (as its HTTP
/// twin would), a stable code and one line that names the field or the bound.
public enum LiveMessageError {
    /// 413 `message_too_large`: a message over ``LiveLimits/maxMessageBytes``.
    public static func tooLarge(_ count: Int, limit: Int) -> APIError {
        APIError(413, "message_too_large", "expected a message of at most \(limit) bytes (maxMessageBytes), got \(count) bytes")
    }

    /// 400 `invalid_json`: the text is not JSON the reader takes (syntax, nesting, budget).
    public static func json(_ error: JSONError) -> APIError {
        APIError(400, "invalid_json", "the message is not a JSON object this server can read: \(error.description)")
    }

    /// 400 `invalid_message` from a field reader's error.
    static func field(_ error: JSONError) -> APIError {
        APIError(400, "invalid_message", error.description)
    }

    /// 400 `invalid_message` with the message of an API reader's error (the options codec's).
    static func message(_ error: APIError) -> APIError {
        error.code == "invalid_request" ? APIError(400, "invalid_message", error.message) : error
    }

    /// 400 `invalid_message` about `path`, in words.
    static func invalid(_ path: String, _ message: String) -> APIError {
        APIError(400, "invalid_message", "\(path): \(message)")
    }

    /// 422 `invalid_stroke`, or 413 `stroke_too_large` for one over a limit: a stroke the
    /// stroke JSON rules refuse, at its path (`stroke.points[3].x: …`).
    static func stroke(_ error: StrokeJSONError) -> APIError {
        error.kind == .limitExceeded || error.kind == .tooLarge
            ? APIError(413, "stroke_too_large", error.description)
            : APIError(422, "invalid_stroke", error.description)
    }

    /// 413 `too_many_strokes`: the drawing holds ``LiveLimits/maxStrokes`` already.
    static func tooManyStrokes(_ limit: Int) -> APIError {
        APIError(413, "too_many_strokes", "stroke: the drawing holds \(limit) strokes already (maxStrokes); undo or clear before adding more")
    }

    /// 413 `too_many_points`: the stroke would take the drawing over ``LiveLimits/maxTotalPoints``.
    static func tooManyPoints(_ total: Int, limit: Int) -> APIError {
        APIError(413, "too_many_points", "stroke: expected at most \(limit) points in the drawing (maxTotalPoints), this stroke makes \(total)")
    }

    /// 409 `nothing_to_undo` / `nothing_to_redo`.
    static func nothingTo(_ what: String) -> APIError {
        APIError(409, "nothing_to_\(what)", "there is nothing to \(what); the drawing is as it was (revision unchanged)")
    }

    /// 409 `already_started`: a second `start` on a session.
    static let alreadyStarted = APIError(409, "already_started", "start: the session has started already; send set to change the prompt or options")

    /// 409 `not_started`: a message other than `start` before the session started.
    public static let notStarted = APIError(409, "not_started", "type: the first message of a session must be {\"type\": \"start\", …}")

    /// 409 `session_closed`: a message after the session was closed.
    static let closed = APIError(409, "session_closed", "the session is closed")

    /// 429 `too_many_messages`: messages beyond ``LiveLimits/maxMessagesPerSecond`` were refused
    /// unread (reported at most once a second, with how many).
    static func tooManyMessages(_ refused: Int, perSecond: Double, burst: Double) -> APIError {
        APIError(429, "too_many_messages", "\(refused) message\(refused == 1 ? " was" : "s were") refused unread: a session takes at most \(NumberText.compact(perSecond)) a second (\(NumberText.compact(burst)) at once); send points at most once an animation frame, and resend what was refused")
    }

    /// 422 `style_not_allowed`.
    static func styleNotAllowed(_ style: String, allowed: [String]) -> APIError {
        APIError(422, "style_not_allowed", "style: '\(style)' is not allowed here; use one of \(allowed.joined(separator: ", "))")
    }

    /// 500 `render_failed`: a renderer's error that is not an ``APIError``, on one line.
    static func renderFailed(_ error: any Error) -> APIError {
        let words = String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " ")
        return APIError(500, "render_failed", "the frame could not be made: \(words.prefix(300))")
    }
}
