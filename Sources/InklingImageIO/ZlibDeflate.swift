internal import CInklingZlib

/// zlib compression (RFC 1950: header, deflate data, Adler-32) for PNG text chunks, through the
/// `CInklingZlib` shim; the inflating side is `GzipBody` in InklingHTTP, which this module
/// cannot see, and libpng (which inflates text while reading).
package enum ZlibDeflate {
    /// Why bytes could not be compressed.
    package enum Failure: Error, Sendable, Hashable {
        /// A level outside -1…9 or window bits outside 9…15.
        case invalidArgument
        /// Out of memory for the compressed bytes.
        case noMemory
    }

    /// `bytes` as one zlib stream at `level` (-1: zlib's default, 6) with a window of
    /// 2^`windowBits` bytes, memory level 8 and the default strategy: what libpng uses for text.
    package static func compress(_ bytes: [UInt8], level: Int, windowBits: Int = 15) throws(Failure) -> [UInt8] {
        guard (-1...9).contains(level), (9...15).contains(windowBits) else { throw .invalidArgument }
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let result = bytes.withUnsafeBufferPointer { input in
            inkling_deflate(input.baseAddress, input.count, Int32(level), Int32(windowBits), &output, &length)
        }
        defer { inkling_zlib_free(output) }
        guard result == INKLING_DEFLATE_OK, let output else {
            throw result == INKLING_DEFLATE_INVALID_ARGUMENT ? .invalidArgument : .noMemory
        }
        return Array(UnsafeBufferPointer(start: output, count: length))
    }
}
