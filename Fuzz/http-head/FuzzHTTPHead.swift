// libFuzzer target for the request head's framing (product fuzz-http-head): the input is the
// header lines of a POST to /v1/guidance (a fixed request line and Host come first, a small body
// after), through the whole server without a socket (`RawHTTPExchange`). Properties:
// - the answer is never a 500;
// - a head that holds both Content-Length and Transfer-Encoding, either of them twice, a
//   Transfer-Encoding other than chunked, or Host twice is answered 400 invalid_framing (or
//   refused by libmicrohttpd itself before Inkling sees it: a 4xx, or no answer at all).

import Foundation
import InklingHTTPExchange
import InklingFuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPHead(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = Fuzz.bytes(data, size)
    // Header lines only: CR and LF become line breaks, so the head ends where this target says.
    let text = String(decoding: input, as: UTF8.self).replacingOccurrences(of: "\r", with: "\n")
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true).prefix(40).map(String.init)
    let request = Array(("POST /v1/guidance?width=16&height=16 HTTP/1.1\r\nHost: x\r\n" + lines.map { $0 + "\r\n" }.joined() + "\r\n{}").utf8)
    let response = RawHTTPExchange.respond(to: request)
    guard !response.isEmpty else { return 0 }
    let status = String(decoding: response.prefix(12), as: UTF8.self)
    if status.hasPrefix("HTTP/1.1 500") { Fuzz.fail("500 for the head \(lines)") }
    var counts: [String: Int] = [:]
    var unknownEncoding = false
    for line in lines {
        guard let colon = line.firstIndex(of: ":") else { continue }
        let name = line[..<colon].lowercased()
        guard !name.contains(" "), !name.contains("\t"), !name.isEmpty else { continue }
        counts[name, default: 0] += 1
        if name == "transfer-encoding", line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces).lowercased() != "chunked" {
            unknownEncoding = true
        }
    }
    let cl = counts["content-length", default: 0], te = counts["transfer-encoding", default: 0], host = 1 + counts["host", default: 0]
    let ambiguous = (cl > 0 && te > 0) || cl > 1 || te > 1 || unknownEncoding || host > 1
    if ambiguous, status.hasPrefix("HTTP/1.1 2") {
        Fuzz.fail("an ambiguous head was answered \(status): \(lines)")
    }
    return 0
}

@main
struct Main {
    static func main() { Fuzz.run() }
}
