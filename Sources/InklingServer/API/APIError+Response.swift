import InklingHTTP
import InklingJobs

extension APIError {
    /// The HTTP response: the status, `{"error": {"code", "message"}}`, `Cache-Control: no-store`,
    /// and `Retry-After` and `Allow` when the error has them.
    var response: HTTPResponse {
        var headers: [(String, String)] = [("Cache-Control", "no-store")]
        if let retryAfter { headers.append(("Retry-After", String(retryAfter))) }
        if let allow { headers.append(("Allow", allow.joined(separator: ", "))) }
        return JSONText.response(body, status: status, headers: headers)
    }
}
