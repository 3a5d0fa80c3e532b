// libFuzzer target for the server side of WebSocket framing (product fuzz-websocket): the input's
// bytes, as a client would send them after the upgrade, through InklingTransport's
// `WebSocketDecoder` with the server's rules (frames masked) and small limits (4 KiB messages,
// 8 frames), fed in pieces whose sizes the input's first byte picks.
//
// Properties checked on every input:
// - the decoder never holds more than one message's worth plus the unread input (its bound);
// - every message is within the size limit, and text is valid UTF-8 (it round-trips);
// - a close code is one a peer may send; a violation's close code is 1002, 1007, 1008 or 1009
//   and its reason one line of at most 123 bytes (it goes into a close frame);
// - after a violation every later call throws the same one;
// - feeding the same bytes whole gives the same events and the same ending.

import InklingFuzzSupport
import InklingTransport

/// Decodes one input twice (in pieces, then whole) and checks the properties above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebSocket(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = Fuzz.bytes(data, size)
    guard let first = input.first else { return 0 }
    let bytes = Array(input.dropFirst())
    let piece = Int(first % 32) + 1
    let pieces = decode(bytes, pieceSize: piece)
    let whole = decode(bytes, pieceSize: max(1, bytes.count))
    if pieces.events != whole.events || pieces.ending != whole.ending {
        Fuzz.fail("pieces of \(piece) bytes and the whole input decode differently")
    }
    return 0
}

private let maxMessage = 4096

/// The events and the ending (a violation, or none) of `bytes` fed `pieceSize` at a time.
private func decode(_ bytes: [UInt8], pieceSize: Int) -> (events: [WebSocketDecoder.Event], ending: WebSocketViolation?) {
    var decoder = WebSocketDecoder(maxMessageBytes: maxMessage, maxFramesPerMessage: 8, expectsMasked: true)
    var events: [WebSocketDecoder.Event] = []
    var offset = 0
    while offset < bytes.count {
        let end = min(bytes.count, offset + pieceSize)
        decoder.append(bytes[offset..<end])
        offset = end
        do {
            while let event = try decoder.next() {
                check(event)
                events.append(event)
            }
        } catch {
            check(error)
            do {
                _ = try decoder.next()
                Fuzz.fail("the decoder went on after \(error)")
            } catch let again {
                if again != error { Fuzz.fail("a second call threw \(again), not \(error)") }
            }
            return (events, error)
        }
        // One message joined, one frame's payload (at most the message) and the unread input.
        let bound = 2 * maxMessage + 14 + pieceSize
        if decoder.bufferedBytes > bound { Fuzz.fail("the decoder holds \(decoder.bufferedBytes) bytes, over \(bound)") }
    }
    return (events, nil)
}

private func check(_ event: WebSocketDecoder.Event) {
    switch event {
    case .message(let message):
        if message.byteCount > maxMessage { Fuzz.fail("a message of \(message.byteCount) bytes passed the \(maxMessage)-byte limit") }
        if case .text(let text) = message, Array(text.utf8).count != message.byteCount { Fuzz.fail("text did not round-trip") }
    case .ping(let payload), .pong(let payload):
        if payload.count > 125 { Fuzz.fail("a control frame of \(payload.count) bytes") }
    case .close(let code, let reason):
        if let code, !WebSocketDecoder.isValidCloseCode(code) { Fuzz.fail("close code \(code) accepted") }
        if reason.utf8.count > 123 { Fuzz.fail("a close reason of \(reason.utf8.count) bytes") }
    }
}

private func check(_ violation: WebSocketViolation) {
    if ![1002, 1007, 1008, 1009].contains(violation.closeCode) { Fuzz.fail("close code \(violation.closeCode) for \(violation)") }
    Fuzz.requireOneLine(violation.reason, "reason")
    if violation.reason.utf8.count > 123 { Fuzz.fail("a reason of \(violation.reason.utf8.count) bytes does not fit a close frame") }
}

/// Hands the process to libFuzzer.
@main
enum FuzzMain {
    static func main() { Fuzz.run() }
}
