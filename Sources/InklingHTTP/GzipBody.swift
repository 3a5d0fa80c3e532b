import CInklingZlib

/// A request body sent with `Content-Encoding: gzip`, inflated under a byte budget: inflation
/// stops as soon as the output would pass it, so a small body that would inflate to gigabytes
/// (a gzip bomb) costs at most the budget and the time to reach it.
package enum GzipBody {
    /// Why a gzip body was refused.
    package enum Failure: Error, Sendable, Hashable {
        /// It inflates to more than the budget.
        case tooLarge(budget: Int)
        /// Not gzip, corrupt or truncated; zlib's reason.
        case invalid(String)
        /// The server ran out of memory inflating it.
        case noMemory
    }

    /// The inflated bytes of `compressed`, at most `maxBytes` of them.
    package static func inflate(_ compressed: [UInt8], maxBytes: Int) throws(Failure) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        var message = [CChar](repeating: 0, count: 160)
        let result = compressed.withUnsafeBufferPointer { input in
            message.withUnsafeMutableBufferPointer { text in
                inkling_gunzip(input.baseAddress, input.count, max(0, maxBytes), &output, &length, text.baseAddress, text.count)
            }
        }
        switch result {
        case INKLING_GUNZIP_OK:
            defer { inkling_zlib_free(output) }
            guard let output else { return [] }
            return Array(UnsafeBufferPointer(start: output, count: length))
        case INKLING_GUNZIP_TOO_LARGE:
            throw .tooLarge(budget: maxBytes)
        case INKLING_GUNZIP_NO_MEMORY:
            throw .noMemory
        default:
            let reason = message.withUnsafeBufferPointer { String(decoding: $0.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
            throw .invalid(reason.isEmpty ? "corrupt data" : reason)
        }
    }
}
