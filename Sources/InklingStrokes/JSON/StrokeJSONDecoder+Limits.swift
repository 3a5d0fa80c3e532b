extension StrokeJSONDecoder {
    /// The bounds a ``StrokeJSONDecoder`` enforces, so that hostile or accidental input cannot
    /// exhaust memory or time. The defaults are those of `docs/stroke-json.md`.
    public struct Limits: Sendable, Hashable {
        /// Largest accepted document, in bytes; checked before parsing starts (default 64 MiB).
        public var maxBytes: Int
        /// Most strokes in one drawing (default 10,000).
        public var maxStrokes: Int
        /// Most control points in one stroke (default 100,000). Each mask polygon is bounded
        /// by it too.
        public var maxPointsPerStroke: Int
        /// Most control points and mask vertices in the whole drawing (default 2,000,000).
        public var maxTotalPoints: Int
        /// Deepest nesting of arrays and objects (default 32; a valid drawing needs 6). Values
        /// are clamped into `1 ... 1000`.
        public var maxDepth: Int
        /// Largest accepted |coordinate| of points, mask vertices and transform translations
        /// (default 1,000,000). Nib sizes may reach twice it (the coordinate extent). Values are
        /// clamped into `0 … 1e9` (``coordinateCeiling``), so that sums, squares and scales of
        /// accepted numbers stay finite everywhere downstream; NaN counts as 0.
        public var maxCoordinate: Double {
            get { storedMaxCoordinate }
            set { storedMaxCoordinate = Self.clampedCoordinate(newValue) }
        }
        private var storedMaxCoordinate: Double
        /// Largest accepted canvas width or height (default 16,384).
        public var maxCanvasSide: Double

        /// Creates limits; every argument defaults to the documented value.
        public init(
            maxBytes: Int = 64 << 20,
            maxStrokes: Int = 10_000,
            maxPointsPerStroke: Int = 100_000,
            maxTotalPoints: Int = 2_000_000,
            maxDepth: Int = 32,
            maxCoordinate: Double = 1_000_000,
            maxCanvasSide: Double = 16_384
        ) {
            self.maxBytes = maxBytes
            self.maxStrokes = maxStrokes
            self.maxPointsPerStroke = maxPointsPerStroke
            self.maxTotalPoints = maxTotalPoints
            self.maxDepth = maxDepth
            self.storedMaxCoordinate = Self.clampedCoordinate(maxCoordinate)
            self.maxCanvasSide = maxCanvasSide
        }

        /// The documented defaults.
        public static let `default` = Limits()

        /// The largest ``maxCoordinate`` there can be: 10⁹ drawing units.
        public static let coordinateCeiling = 1e9

        private static func clampedCoordinate(_ value: Double) -> Double {
            value.isNaN ? 0 : min(max(value, 0), coordinateCeiling)
        }

        /// The nesting depth handed to json-c, clamped so that freeing the tree (recursive in
        /// json-c) can never exhaust the stack.
        var effectiveDepth: Int { min(max(maxDepth, 1), 1000) }

        /// Throws ``StrokeJSONError/Kind/tooLarge`` when `byteCount` exceeds ``maxBytes`` or what
        /// json-c can address (`Int32.max`). Runs before any byte is looked at.
        func checkSize(byteCount: Int) throws(StrokeJSONError) {
            let cap = min(maxBytes, Int(Int32.max))
            guard byteCount > cap else { return }
            throw StrokeJSONError(
                kind: .tooLarge, path: StrokeJSONError.documentPath,
                message: "expected a document of at most \(cap) bytes (maxBytes), got \(byteCount) bytes")
        }

        /// Most JSON objects a document within these limits can need: one per point, a few
        /// per stroke (stroke, ink), and a handful at the top level.
        var maxObjects: Int { maxTotalPoints &+ 3 &* maxStrokes &+ 64 }

        /// Throws ``StrokeJSONError/Kind/limitExceeded`` when the document holds more `{` bytes
        /// than ``maxObjects``. Runs before parsing: json-c spends most of a kilobyte on each
        /// object, so a document of tiny objects would otherwise cost gigabytes before the point
        /// limits are ever checked. Braces inside strings are counted too, which only makes the
        /// check stricter for absurd documents.
        func checkObjectCount(in bytes: UnsafeRawBufferPointer) throws(StrokeJSONError) {
            var braces = 0
            for byte in bytes { braces &+= byte == 0x7B ? 1 : 0 }
            guard braces > maxObjects else { return }
            throw StrokeJSONError(
                kind: .limitExceeded, path: StrokeJSONError.documentPath,
                message: "expected at most \(maxObjects) JSON objects (maxTotalPoints + 3 × maxStrokes + 64), got \(braces)")
        }
    }
}
