extension JSONNesting {
    /// What one pass of ``JSONNesting/count(in:depthLimit:)`` found in a JSON text.
    public struct Counts: Sendable, Hashable {
        /// Values a parser would build: every string (object keys included), number, literal,
        /// array and object (up to one past the budget, when the scan stopped at it).
        public var values = 0
        /// Objects among ``values``.
        public var objects = 0
        /// Most elements directly inside any one array (up to one past the budget, when the
        /// scan stopped at it).
        public var largestArray = 0
        /// The offset where nesting first went deeper than the limit, or `nil` when it never did.
        public var depthViolation: Int?
        /// The offset of the first number JSON does not allow that json-c would still read
        /// (`1.`, `1.e5`, `.5`, `1e`), or `nil`.
        public var malformedNumber: Int?

        /// No values yet.
        public init() {}
    }
}
