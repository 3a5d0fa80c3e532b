// libFuzzer target for the pointer-events importer (product fuzz-pointer-events): the bytes are read as
// `InkFormat.pointerEvents` and checked by `FuzzImport.check` (one-line errors naming the format, limits
// kept, canonical round trip, repeatable).

import InklingFuzzImport
import InklingFuzzSupport

/// Imports one input as pointer-events and checks it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPointerEvents(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzImport.check(Fuzz.bytes(data, size), as: .pointerEvents)
    return 0
}

/// Hands the process to libFuzzer.
@main
enum FuzzMain {
    static func main() { Fuzz.run() }
}
