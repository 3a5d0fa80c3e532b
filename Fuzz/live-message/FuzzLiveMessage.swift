// libFuzzer target for a live session's client messages (product fuzz-live-message): the
// input's bytes as one text frame through `LiveClientMessage.decode(_:limits:)`, under small
// limits (64 KiB messages, 256 points a stroke), the decoder `GET /v1/live` runs on every frame.
//
// Properties checked on every input:
// - a refusal is an APIError with status 400, 413 or 422, a known code, one line of at most 600
//   characters;
// - the same bytes decode the same way twice;
// - a stroke (finished or in progress) keeps within the limits and survives stroke JSON's
//   canonical round trip;
// - a start's canvas sides are finite and within 0.001…maxCanvasSide, its prompt within
//   maxPromptBytes; any options object applies over the default options without an error.

import InklingConditioning
import InklingFuzzSupport
import InklingJobs
import InklingLive
import InklingStrokes

/// The limits the target decodes under.
let liveLimits = LiveLimits(maxMessageBytes: 64 << 10, maxPointsPerStroke: 256, maxPromptBytes: 2_000)
/// The same bounds as stroke JSON's, for the checks of a decoded stroke.
let strokeLimits = StrokeJSONDecoder.Limits(maxBytes: 64 << 10, maxStrokes: 1, maxPointsPerStroke: 256, maxTotalPoints: 512, maxDepth: 10)
/// The codes a refusal may have.
let knownCodes: Set<String> = ["message_too_large", "invalid_json", "invalid_message", "invalid_stroke", "stroke_too_large"]

/// Decodes one input and checks the properties above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLiveMessage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Fuzz.bytes(data, size)
    let message: LiveClientMessage
    do {
        message = try LiveClientMessage.decode(bytes, limits: liveLimits)
    } catch {
        Fuzz.requireOneLine(error.message, "refusal")
        if error.message.count > 600 { Fuzz.fail("refusal of \(error.message.count) characters") }
        if ![400, 413, 422].contains(error.status) { Fuzz.fail("refusal with status \(error.status): \(error)") }
        if !knownCodes.contains(error.code) { Fuzz.fail("refusal with code \(error.code)") }
        if (try? LiveClientMessage.decode(bytes, limits: liveLimits)) != nil { Fuzz.fail("refused once, accepted the second time") }
        return 0
    }
    guard (try? LiveClientMessage.decode(bytes, limits: liveLimits)) == message else { Fuzz.fail("decoded differently the second time") }
    if !LiveClientMessage.types.contains(message.type) { Fuzz.fail("unknown type \(message.type)") }
    switch message {
    case .stroke(let stroke), .points(let stroke?):
        let drawing = Drawing(strokes: [stroke])
        Fuzz.requireWithinLimits(drawing, strokeLimits, "stroke")
        Fuzz.requireCanonicalRoundTrip(drawing, strokeLimits, "stroke")
    case .start(let start):
        let sides = [start.canvas.width, start.canvas.height]
        if !sides.allSatisfy({ $0.isFinite && $0 >= 0.001 && $0 <= liveLimits.maxCanvasSide }) { Fuzz.fail("canvas \(sides)") }
        if (start.prompt?.utf8.count ?? 0) > liveLimits.maxPromptBytes { Fuzz.fail("a prompt of \(start.prompt?.utf8.count ?? 0) bytes") }
        if let options = start.options {
            do { _ = try options.applied(to: GenerationOptions()) } catch { Fuzz.fail("checked options do not apply: \(error)") }
        }
    case .set(let settings):
        if (settings.prompt?.utf8.count ?? 0) > liveLimits.maxPromptBytes { Fuzz.fail("a prompt of \(settings.prompt?.utf8.count ?? 0) bytes") }
        if let options = settings.options {
            do { _ = try options.applied(to: GenerationOptions()) } catch { Fuzz.fail("checked options do not apply: \(error)") }
        }
    default:
        break
    }
    return 0
}

/// Hands the process to libFuzzer.
@main
enum FuzzMain {
    static func main() { Fuzz.run() }
}
