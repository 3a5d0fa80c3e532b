// libFuzzer target for the freehand importer (product fuzz-freehand): the bytes are read as
// `InkFormat.freehand` and checked by `FuzzImport.check` (one-line errors naming the format, limits
// kept, canonical round trip, repeatable).

import InklingFuzzImport
import InklingFuzzSupport

/// Imports one input as freehand and checks it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFreehand(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzImport.check(Fuzz.bytes(data, size), as: .freehand)
    return 0
}

/// Hands the process to libFuzzer.
@main
enum FuzzMain {
    static func main() { Fuzz.run() }
}
