// libFuzzer target for the quickdraw importer (product fuzz-quickdraw): the bytes are read as
// `InkFormat.quickdraw` and checked by `FuzzImport.check` (one-line errors naming the format, limits
// kept, canonical round trip, repeatable).

import InklingFuzzImport
import InklingFuzzSupport

/// Imports one input as quickdraw and checks it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuickDraw(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzImport.check(Fuzz.bytes(data, size), as: .quickdraw)
    return 0
}

/// Hands the process to libFuzzer.
@main
enum FuzzMain {
    static func main() { Fuzz.run() }
}
