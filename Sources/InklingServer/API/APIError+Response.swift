import InklingHTTP
import InklingJobs

extension APIError {
    /// The HTTP response: the status, `{"error": {"code", "message"}}`, `Cache-Control: no-store`,
    /// and `Retry-After`, `Allow` and `WWW-Authenticate` when the error has them.
    var response: HTTPResponse {
        var headers: [(String, String)] = [("Cache-Control", "no-store")]
        if let retryAfter { headers.append(("Retry-After", String(retryAfter))) }
        if let allow { headers.append(("Allow", allow.joined(separator: ", "))) }
        if let authenticate { headers.append(("WWW-Authenticate", authenticate)) }
        return JSONText.response(body, status: status, headers: headers)
    }
}
