// libFuzzer target for the inkml importer (product fuzz-inkml): the bytes are read as
// `InkFormat.inkml` and checked by `FuzzImport.check` (one-line errors naming the format, limits
// kept, canonical round trip, repeatable).

import InklingFuzzImport
import InklingFuzzSupport

/// Imports one input as inkml and checks it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInkML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzImport.check(Fuzz.bytes(data, size), as: .inkml)
    return 0
}

/// Hands the process to libFuzzer.
@main
enum FuzzMain {
    static func main() { Fuzz.run() }
}
