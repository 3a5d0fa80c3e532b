import InklingBase
import Foundation


/// An HTTP answer: status, headers (names lower-cased) and body bytes.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Header fields, names lower-cased.
    public var headers: [String: String]
    /// The body.
    public var body: [UInt8]

    /// Creates a response.
    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A one-line excerpt of the body for error messages: the message of a JSON error body when
    /// there is one, else the text itself, newlines folded, at most 300 characters.
    ///
    /// The error bodies read, first match wins: OpenAI's `{"error": {"message": …}}`;
    /// stable-diffusion.cpp's `{"error": "server_error", "message": …}` (the message) and
    /// `{"error": …}`; A1111's `{"error": "OutOfMemoryError", "errors": …}` (both) and
    /// `{"detail": …}` (a string, or FastAPI's `[{"loc", "msg"}]`); a bare `{"message": …}`.
    public var detail: String {
        var text = String(decoding: body.prefix(64 * 1024), as: UTF8.self)
        if let json = try? JSONValue.parse(body) {
            let code = json["error"]?.string
            var errors: JSONValue?
            if let list = json["errors"]?.string, !list.isEmpty { errors = .string(code.map { "\($0): \(list)" } ?? list) }
            let candidates: [JSONValue?] = [
                json["error"]?["message"],
                code == nil ? nil : json["message"],
                errors,
                json["error"], json["detail"], json["message"],
            ]
            for case let value? in candidates {
                if let s = value.string, !s.isEmpty { text = s; break }
                if case .array(let items) = value, let first = items.first {
                    // FastAPI validation details: [{"loc": [...], "msg": "..."}].
                    let loc = first["loc"]?.array?.compactMap { $0.string ?? $0.int.map(String.init) }.joined(separator: ".")
                    text = [loc, first["msg"]?.string].compactMap { $0 }.joined(separator: ": ")
                    break
                }
            }
        }
        let folded = text.split(whereSeparator: { $0.isNewline }).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return folded.count > 300 ? String(folded.prefix(300)) + "…" : folded
    }
}
