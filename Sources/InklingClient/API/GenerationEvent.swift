import Foundation

/// One line of a streamed generation (`application/x-ndjson`). A line whose `type` the client
/// does not know is skipped, as the API asks; an `error` line ends the stream with that error.
public enum GenerationEvent: Sendable, Hashable {
    /// The job began: its id (for ``InklingServerClient/cancelJob(_:)``), images asked for, style, notices.
    case started(job: String, limit: Int, style: String?, notices: [String])
    /// 0…1, from engines that report their steps.
    case progress(Double)
    /// A finished image.
    case image(GeneratedImage)
    /// The stream's end: how many images.
    case done(count: Int)

    private struct Line: Decodable {
        var type: String
        var job: String?, limit: Int?, style: String?, notices: [String]?
        var progress: Double?, count: Int?
        var error: ErrorBody?
    }

    /// The `{"code", "message"}` of an error.
    struct ErrorBody: Decodable { var code: String; var message: String }

    /// The event of one line; `nil` for a type the client does not know. An `error` line throws
    /// its error (the status is the HTTP status its code has, 503 for `cancelled`, else 500).
    static func decode(_ line: Data) throws(InklingClientError) -> GenerationEvent? {
        let decoded: Line
        do { decoded = try JSONDecoder().decode(Line.self, from: line) } catch {
            throw .invalidResponse("a stream line that is not an event: \(String(decoding: line.prefix(80), as: UTF8.self))")
        }
        switch decoded.type {
        case "started":
            return .started(job: decoded.job ?? "", limit: decoded.limit ?? 1, style: decoded.style, notices: decoded.notices ?? [])
        case "progress":
            return .progress(decoded.progress ?? 0)
        case "image":
            do { return .image(try JSONDecoder().decode(GeneratedImage.self, from: line)) } catch {
                throw .invalidResponse("an image line without its fields: \(String(decoding: line.prefix(80), as: UTF8.self))")
            }
        case "done":
            return .done(count: decoded.count ?? 0)
        case "error":
            let body = decoded.error ?? ErrorBody(code: "unknown", message: "the stream ended with an error it did not name")
            throw .api(InklingAPIError(status: body.code == "cancelled" ? 503 : 500, code: body.code, message: body.message))
        default:
            return nil
        }
    }
}
