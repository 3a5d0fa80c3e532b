/// Parses the text of an InkML `<trace>` into one value per channel per point.
///
/// Points are separated by commas; values within a point by whitespace, or by a sign (`10-5` is
/// two values). Each value may carry a prefix, as the InkML spec defines:
/// - `!` explicit value (the mode at the start of a trace),
/// - `'` first difference (added to the previous value),
/// - `"` second difference (added to the previous value plus the previous first difference).
/// A prefix sticks to its channel until another prefix changes it. `T`/`F` are booleans
/// (1/0); `?` leaves a value out (only at the end, for intermittent channels); `*` repeats the
/// previous value (keeps the last difference).
struct InkMLTraceParser {
    private enum Mode { case explicit, first, second }

    let channels: [InkMLChannel]
    /// 1-based trace number used in errors.
    let traceNumber: Int

    private func fail(_ point: Int, _ message: String) -> InkImportError {
        InkImportError(.inkml, at: "trace \(traceNumber), point \(point)", message)
    }

    /// The points, each with one value per channel (`nil` where an intermittent value is absent).
    func parse(_ text: String, maxPoints: Int) throws(InkImportError) -> [[Double?]] {
        let bytes = Array(text.utf8)
        let regular = channels.lazy.filter { !$0.intermittent }.count
        var modes = [Mode](repeating: .explicit, count: channels.count)
        var previous = [Double?](repeating: nil, count: channels.count)
        var velocity = [Double](repeating: 0, count: channels.count)
        var points: [[Double?]] = []
        var i = 0
        var pointNumber = 1
        while i <= bytes.count {
            // One point: up to the next comma.
            var end = i
            while end < bytes.count && bytes[end] != UInt8(ascii: ",") { end += 1 }
            var values = [Double?](repeating: nil, count: channels.count)
            var k = 0
            var j = i
            var sawAny = false
            while true {
                while j < end && Self.isSpace(bytes[j]) { j += 1 }
                if j >= end { break }
                guard k < channels.count else {
                    throw fail(pointNumber, "more values than the \(channels.count) channels of the trace format")
                }
                sawAny = true
                while j < end, let m = Self.mode(bytes[j]) { modes[k] = m; j += 1 }
                guard j < end else { throw fail(pointNumber, "a value prefix without a value") }
                let c = bytes[j]
                if c == UInt8(ascii: "?") {
                    j += 1
                    guard channels[k].intermittent else {
                        throw fail(pointNumber, "channel \(channels[k].name) is not intermittent; \"?\" is only for intermittent channels")
                    }
                    k += 1
                    continue
                }
                let x: Double
                if c == UInt8(ascii: "*") {
                    j += 1
                    guard let p = previous[k] else { throw fail(pointNumber, "\"*\" repeats a value but channel \(channels[k].name) has none yet") }
                    x = p + (modes[k] == .second ? velocity[k] : 0)
                } else if c == UInt8(ascii: "T") || c == UInt8(ascii: "F") {
                    j += 1
                    x = c == UInt8(ascii: "T") ? 1 : 0
                } else {
                    guard let (v, next) = Self.number(bytes, from: j, to: end) else {
                        let shown = String(decoding: bytes[j..<min(end, j + 12)], as: UTF8.self)
                        throw fail(pointNumber, "expected a number for channel \(channels[k].name), got \"\(shown)\"")
                    }
                    j = next
                    switch modes[k] {
                    case .explicit: x = v
                    case .first: x = (previous[k] ?? 0) + v
                    case .second: x = (previous[k] ?? 0) + velocity[k] + v
                    }
                }
                guard x.isFinite else { throw fail(pointNumber, "channel \(channels[k].name) is not finite") }
                velocity[k] = previous[k].map { x - $0 } ?? 0
                previous[k] = x
                values[k] = x
                k += 1
            }
            if !sawAny && end < bytes.count { throw fail(pointNumber, "an empty point (two commas in a row?)") }
            if sawAny {
                guard k >= regular else {
                    throw fail(pointNumber, "expected \(regular) values (\(channels.filter { !$0.intermittent }.map(\.name).joined(separator: " "))), got \(k)")
                }
                points.append(values)
                guard points.count <= maxPoints else { throw fail(pointNumber, "more than \(maxPoints) points") }
            }
            pointNumber += 1
            i = end + 1
        }
        return points
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }

    private static func mode(_ c: UInt8) -> Mode? {
        switch c {
        case UInt8(ascii: "!"): return .explicit
        case UInt8(ascii: "'"): return .first
        case UInt8(ascii: "\""): return .second
        default: return nil
        }
    }

    /// A decimal number `[+-]digits[.digits][e[+-]digits]` starting at `start`, and where it ends.
    private static func number(_ b: [UInt8], from start: Int, to end: Int) -> (Double, Int)? {
        var j = start
        if j < end && (b[j] == UInt8(ascii: "-") || b[j] == UInt8(ascii: "+")) { j += 1 }
        var digits = 0
        while j < end && b[j] >= 48 && b[j] <= 57 { j += 1; digits += 1 }
        if j < end && b[j] == UInt8(ascii: ".") {
            j += 1
            while j < end && b[j] >= 48 && b[j] <= 57 { j += 1; digits += 1 }
        }
        guard digits > 0 else { return nil }
        if j < end && (b[j] == UInt8(ascii: "e") || b[j] == UInt8(ascii: "E")) {
            var e = j + 1
            if e < end && (b[e] == UInt8(ascii: "-") || b[e] == UInt8(ascii: "+")) { e += 1 }
            let digitStart = e
            while e < end && b[e] >= 48 && b[e] <= 57 { e += 1 }
            if e > digitStart { j = e }
        }
        guard let v = Double(String(decoding: b[start..<j], as: UTF8.self)) else { return nil }
        return (v, j)
    }
}
