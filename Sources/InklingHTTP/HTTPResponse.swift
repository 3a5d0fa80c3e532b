import InklingBase
import Foundation

/// A whole HTTP response: status, headers and body.
package struct HTTPResponse: Sendable {
    /// The status code.
    package var status: Int
    /// Headers in order (`Content-Type` included).
    package var headers: [(String, String)]
    /// The body.
    package var body: [UInt8]

    /// Creates a response.
    package init(status: Int, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response with a body of `contentType`.
    package init(status: Int = 200, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
        self.init(status: status, headers: [("Content-Type", contentType)] + headers, body: body)
    }

    /// A JSON response, written by InklingBase's one writer (keys sorted).
    package static func json(_ value: JSONValue, status: Int = 200, headers: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json", body: JSONText.bytes(value), headers: headers)
    }

    /// The header block handed to the C shim: `Name: value` lines.
    package var headerBlock: String {
        headers.map { name, value in
            let clean = value.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
            return "\(name): \(clean)"
        }.joined(separator: "\n")
    }
}
