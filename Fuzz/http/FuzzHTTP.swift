// libFuzzer target for the HTTP request handling (product fuzz-http): one raw HTTP/1.1
// request's bytes through `RawHTTPExchange.respond(to:)`, the server's parsing, routing and
// handlers without a socket.
//
// The harness is Fuzz/HTTPExchange (InklingHTTPExchange); Fuzz/build.sh skips this target, with
// a message, where the API is absent. Properties checked on every input:
// - the answer is empty (the connection is closed without one) or an HTTP/1.1 status line with
//   a three-digit status, 100…599 and never 500, then headers ending in an empty line;
// - a `Content-Length` header, when present, is the length of the body that follows (except
//   in answers to HEAD, 1xx and 304).

import Foundation
import InklingHTTPExchange
import InklingFuzzSupport

/// Answers one raw request and checks the properties above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let request = Fuzz.bytes(data, size)
    let response = RawHTTPExchange.respond(to: request)
    let isHEAD = request.starts(with: Array("HEAD ".utf8))
    if response.isEmpty { return 0 }
    guard let end = headEnd(response) else { Fuzz.fail("the answer has no end of headers") }
    let head = String(decoding: response[..<end], as: UTF8.self)
    let lines = head.components(separatedBy: "\r\n")
    let status = lines[0].split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    guard status.count >= 2, status[0] == "HTTP/1.1", status[1].count == 3, let code = Int(status[1]),
          (100...599).contains(code) else {
        Fuzz.fail("bad status line \(lines[0].debugDescription)")
    }
    if code == 500 { Fuzz.fail("500 answer: \(head.debugDescription)") }
    let bodyLength = response.count - end - 4
    for line in lines.dropFirst() {
        let parts = line.split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { Fuzz.fail("bad header line \(line.debugDescription)") }
        if parts[0].lowercased() == "content-length" {
            let declared = parts[1].trimmingCharacters(in: .whitespaces)
            if Int(declared) != bodyLength && !(isHEAD || code == 304 || code < 200) {
                Fuzz.fail("Content-Length \(declared) for a body of \(bodyLength) bytes")
            }
        }
    }
    return 0
}

/// The index of the `\r\n\r\n` that ends the head, if any.
private func headEnd(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for i in 0...(bytes.count - 4) where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 {
        return i
    }
    return nil
}

/// Hands the process to libFuzzer.
@main
enum FuzzMain {
    static func main() { Fuzz.run() }
}
