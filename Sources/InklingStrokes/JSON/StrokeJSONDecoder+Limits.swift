import InklingBase

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

        /// Most JSON values (keys included) a document within these limits can need: a point
        /// object with all ten channels is 21 values, a stroke's ink, transform and keys fewer
        /// than 64, and the top level a few dozen.
        var maxValues: Int { 21 &* maxTotalPoints &+ 64 &* maxStrokes &+ 4096 }

        /// Longest array the pre-parse scan lets through: twice what a document within these
        /// limits can hold (a stroke's points, one columnar channel, a mask polygon, the list of
        /// strokes), plus 16, so that a document just over a limit still gets the walk's precise
        /// JSON path (`strokes[0].points: …`) and only absurd ones are refused at `$`.
        var maxArrayCount: Int { 2 &* max(maxPointsPerStroke, maxStrokes) &+ 16 }

        /// Throws ``StrokeJSONError/Kind/limitExceeded`` when one pass of ``JSONNesting`` over
        /// the document finds more values, objects or array elements than a drawing within these
        /// limits can need. Runs before parsing: json-c spends hundreds of bytes on each value,
        /// so a document of tiny values would otherwise cost gigabytes before the point limits
        /// are ever checked (nesting is left to json-c, which reports it with a position).
        func checkCounts(in bytes: UnsafeRawBufferPointer) throws(StrokeJSONError) {
            try checkCounts(JSONNesting.count(in: bytes, depthLimit: 1000, maxValues: maxValues, maxArrayCount: maxArrayCount))
        }

        /// The same check on counts one pass already made (nesting is json-c's to bound).
        func checkCounts(_ counts: JSONNesting.Counts) throws(StrokeJSONError) {
            let problem: String
            if counts.largestArray > maxArrayCount {
                problem = "expected arrays of at most \(maxArrayCount) elements (2 × max(maxPointsPerStroke, maxStrokes) + 16), got a longer one"
            } else if counts.objects > maxObjects {
                problem = "expected at most \(maxObjects) JSON objects (maxTotalPoints + 3 × maxStrokes + 64), got \(counts.objects)"
            } else if counts.values > maxValues {
                problem = "expected at most \(maxValues) JSON values (21 × maxTotalPoints + 64 × maxStrokes + 4096), got more"
            } else {
                return
            }
            throw StrokeJSONError(kind: .limitExceeded, path: StrokeJSONError.documentPath, message: problem)
        }
    }
}
