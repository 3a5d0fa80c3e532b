// libFuzzer target for the tldraw importer (product fuzz-tldraw): the bytes are read as
// `InkFormat.tldraw` and checked by `FuzzImport.check` (one-line errors naming the format, limits
// kept, canonical round trip, repeatable).

import InklingFuzzImport
import InklingFuzzSupport

/// Imports one input as tldraw and checks it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTldraw(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzImport.check(Fuzz.bytes(data, size), as: .tldraw)
    return 0
}

/// Hands the process to libFuzzer.
@main
enum FuzzMain {
    static func main() { Fuzz.run() }
}
