/// How much a JSON document may hold, checked by one pass over its bytes (``JSONNesting``) before
/// json-c builds anything.
///
/// json-c spends about a hundred bytes on every value it builds, so a document of millions of
/// tiny values would cost gigabytes before its reader could look at a single one. Each reader
/// sizes these from what it can use: a request body needs a few hundred values, a drawing one
/// point object per point.
public struct JSONLimits: Sendable, Hashable {
    /// Largest document, in bytes (checked before a byte is looked at).
    public var maxBytes: Int
    /// Deepest nesting of arrays and objects. Clamped into `1 … 1000` (json-c frees trees recursively).
    public var maxDepth: Int
    /// Most values (keys included) in the whole document.
    public var maxValues: Int
    /// Most elements of any one array.
    public var maxArrayCount: Int

    /// Creates limits; every argument has a default fit for small documents people write by
    /// hand (configuration, requests, cases): 16 MiB, 64 levels, a million values.
    public init(maxBytes: Int = 16 << 20, maxDepth: Int = 64, maxValues: Int = 1_000_000, maxArrayCount: Int = 1_000_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxValues = maxValues
        self.maxArrayCount = maxArrayCount
    }

    /// The defaults (see ``init(maxBytes:maxDepth:maxValues:maxArrayCount:)``).
    public static let `default` = JSONLimits()

    /// The depth handed to the scan and to json-c.
    public var effectiveDepth: Int { min(max(maxDepth, 1), 1000) }

    /// Throws ``JSONError/Kind/tooLarge`` when `byteCount` exceeds ``maxBytes`` or what json-c
    /// can address (`Int32.max`).
    public func checkSize(byteCount: Int) throws(JSONError) {
        let cap = min(maxBytes, Int(Int32.max))
        guard byteCount > cap else { return }
        throw JSONError(kind: .tooLarge, path: JSONError.documentPath,
                        message: "expected a document of at most \(cap) bytes, got \(byteCount) bytes")
    }

    /// Throws when one scan's `counts` break these limits: nesting (``JSONError/Kind/tooDeep``), a
    /// number JSON does not allow (``JSONError/Kind/syntax``), the longest array or the number of
    /// values (``JSONError/Kind/limitExceeded``).
    public func check(_ counts: JSONNesting.Counts) throws(JSONError) {
        if let offset = counts.depthViolation {
            throw JSONError(kind: .tooDeep, path: JSONError.documentPath,
                            message: "expected at most \(effectiveDepth) levels of nesting, got deeper at byte \(offset)")
        }
        if let offset = counts.malformedNumber {
            throw JSONError(kind: .syntax, path: JSONError.documentPath,
                            message: "expected a JSON number at byte \(offset): a fraction or an exponent needs digits (\"1.\" is not a number; write 1 or 1.0)")
        }
        if counts.largestArray > maxArrayCount {
            throw JSONError(kind: .limitExceeded, path: JSONError.documentPath,
                            message: "expected arrays of at most \(maxArrayCount) elements, got a longer one")
        }
        if counts.values > maxValues {
            throw JSONError(kind: .limitExceeded, path: JSONError.documentPath,
                            message: "expected at most \(maxValues) JSON values, got more")
        }
    }
}
