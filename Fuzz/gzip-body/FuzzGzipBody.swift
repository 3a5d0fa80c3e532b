// libFuzzer target for gzip request bodies (product fuzz-gzip-body): the input's bytes through
// `GzipBody.inflate(_:maxBytes:)` in InklingHTTP (zlib through CInklingZlib), with a budget of
// 1 MiB, as the server inflates a `Content-Encoding: gzip` body.
//
// Properties checked on every input:
// - an inflated body is never longer than the budget;
// - a refusal is `tooLarge` with that budget, `invalid` with a reason of one line, or `noMemory`;
// - inflating again gives the same answer, and a budget of exactly the inflated length accepts it.

import InklingFuzzSupport
import InklingHTTP

/// Inflates one input and checks the properties above.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGzipBody(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = Fuzz.bytes(data, size)
    let budget = 1 << 20
    do {
        let inflated = try GzipBody.inflate(bytes, maxBytes: budget)
        if inflated.count > budget { Fuzz.fail("inflated \(inflated.count) bytes past a budget of \(budget)") }
        guard let again = try? GzipBody.inflate(bytes, maxBytes: inflated.count), again == inflated else {
            Fuzz.fail("a budget of exactly the inflated length did not give the same bytes")
        }
    } catch {
        switch error {
        case .tooLarge(let said): if said != budget { Fuzz.fail("tooLarge names \(said), not \(budget)") }
        case .invalid(let reason): Fuzz.requireOneLine(reason, "reason")
        case .noMemory: break
        }
        do {
            _ = try GzipBody.inflate(bytes, maxBytes: budget)
            Fuzz.fail("inflated on the second try")
        } catch let second {
            if second != error { Fuzz.fail("refused differently the second time: \(error) then \(second)") }
        }
    }
    return 0
}

/// Hands the process to libFuzzer.
@main
enum FuzzMain {
    static func main() { Fuzz.run() }
}
