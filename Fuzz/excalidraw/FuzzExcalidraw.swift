// libFuzzer target for the excalidraw importer (product fuzz-excalidraw): the bytes are read as
// `InkFormat.excalidraw` and checked by `FuzzImport.check` (one-line errors naming the format, limits
// kept, canonical round trip, repeatable).

import InklingFuzzImport
import InklingFuzzSupport

/// Imports one input as excalidraw and checks it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExcalidraw(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzImport.check(Fuzz.bytes(data, size), as: .excalidraw)
    return 0
}

/// Hands the process to libFuzzer.
@main
enum FuzzMain {
    static func main() { Fuzz.run() }
}
