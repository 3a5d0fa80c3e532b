import InklingBase
import Foundation
import InklingEngines

/// One HTTP request as a fake engine server received it.
public struct ServerRequest: Sendable {
    /// `GET`, `POST`, …
    public var method: String
    /// The path without the query (`/history/abc`).
    public var path: String
    /// Query parameters, percent-decoded.
    public var query: [String: String]
    /// Header fields, names lower-cased.
    public var headers: [String: String]
    /// The body.
    public var body: [UInt8]

    /// Creates a request (the server parses them; tests may build their own).
    public init(method: String, path: String, query: [String: String], headers: [String: String], body: [UInt8]) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// The body as JSON, if it is.
    public var json: JSONValueBox? { (try? JSONValue.parse(body)).map(JSONValueBox.init) }

    /// The parts of a `multipart/form-data` body, or `nil` when it is not one (or is malformed).
    public var multipart: [MultipartPart]? {
        guard let type = headers["content-type"], type.hasPrefix("multipart/form-data"),
              let range = type.range(of: "boundary=") else { return nil }
        var boundary = String(type[range.upperBound...])
        if boundary.hasPrefix("\""), boundary.hasSuffix("\""), boundary.count >= 2 { boundary = String(boundary.dropFirst().dropLast()) }
        return MultipartPart.parse(body, boundary: boundary)
    }
}

/// A wrapper so test code can say `request.json?.value`.
public struct JSONValueBox: Sendable {
    public var value: JSONValue
}
