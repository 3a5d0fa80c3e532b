// libFuzzer target for the `--api-keys` file (product fuzz-api-key-file): the input's bytes, as
// UTF-8 text (invalid sequences replaced), through `APIKeyFile.parse(_:)`, which `inkling serve`
// runs at start and on every SIGHUP.
//
// Properties checked on every input:
// - a refusal is one line, `line N: …`, with N a line of the input, at most 300 characters;
// - it never repeats the offending line's key (its first word), when that word is 16 or more
//   characters (shorter ones may be words of the message itself) and no setting contains it;
// - an accepted file's keys are non-empty words without spaces, tabs or newlines, each a key of
//   the input; each key's limits are in their documented ranges.

import InklingFuzzSupport
import InklingJobs
import InklingServer

/// Parses one input and checks the properties above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPIKeyFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: Fuzz.bytes(data, size), as: UTF8.self)
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    let file: APIKeyFile
    do {
        file = try APIKeyFile.parse(text)
    } catch {
        let message = error.description
        Fuzz.requireOneLine(message, "refusal")
        if message.count > 300 { Fuzz.fail("refusal of \(message.count) characters") }
        guard (1...lines.count).contains(error.line), message.hasPrefix("line \(error.line): ") else {
            Fuzz.fail("refusal names line \(error.line) of \(lines.count): \(message.debugDescription)")
        }
        let line = lines[error.line - 1]
        let key = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
        let settings = String(line.drop { $0 == " " || $0 == "\t" }.dropFirst(key.count))
        // Searched as bytes: Foundation's `contains` trips over odd text (a Substring's UTF-16
        // view; NULs, which it reads as the end). A setting may itself contain the key's text
        // (its value is quoted back on purpose).
        if key.count >= 16, !holds(settings, key), holds(message, key) { Fuzz.fail("the refusal repeats the key: \(message.debugDescription)") }
        return 0
    }
    for key in file.keys {
        if key.isEmpty || key.contains(where: { $0 == " " || $0 == "\t" || $0.isNewline }) { Fuzz.fail("accepted key \(key.debugDescription)") }
        if !holds(text, key) { Fuzz.fail("a key that is not in the input: \(key.debugDescription)") }
    }
    for (key, limits) in file.limits {
        if !file.keys.contains(key) { Fuzz.fail("limits for a key that is not listed") }
        if let rate = limits.rate, !(rate.isFinite && (0...1_000_000).contains(rate)) { Fuzz.fail("accepted rate \(rate)") }
        if let burst = limits.burst, !(burst.isFinite && (1...1_000_000).contains(burst)) { Fuzz.fail("accepted burst \(burst)") }
        if let count = limits.concurrent, !(1...100_000).contains(count) { Fuzz.fail("accepted concurrent \(count)") }
        if let bytes = limits.storeBytes, !(1...(1 << 40)).contains(bytes) { Fuzz.fail("accepted store \(bytes)") }
    }
    return 0
}

/// Whether `text`'s UTF-8 holds `part`'s.
func holds(_ text: String, _ part: String) -> Bool {
    Array(text.utf8).firstRange(of: Array(part.utf8)) != nil
}

/// Hands the process to libFuzzer.
@main
enum FuzzMain {
    static func main() { Fuzz.run() }
}
