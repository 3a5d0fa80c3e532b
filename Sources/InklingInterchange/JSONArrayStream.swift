import InklingBase

/// The elements of one JSON array, parsed a batch at a time instead of as one tree.
///
/// json-c spends about a hundred bytes on each value it builds and several hundred on each
/// object's table, so a long array of small event objects costs many times its text. The
/// array's element boundaries come from one scan (``JSONNesting/children(in:)-(ArraySlice<UInt8>)``);
/// ``forEach(batch:_:)`` then parses ``batchSize`` elements at a time with ``JSONDocument`` (not
/// counted again: the importer ran the budget's scan over the whole document first) and
/// drops each batch's tree before the next, so memory is bounded by one batch and what the
/// caller keeps.
///
/// Errors come back with the file's paths: a batch is its own document (`[e₅₁₂, …, e₁₀₂₃]`),
/// and an error at its `[3].pressure` is reported at `events[515].pressure`.
struct JSONArrayStream {
    /// Elements parsed per ``JSONDocument``.
    static let batchSize = 512

    /// The document the array is in.
    let bytes: ArraySlice<UInt8>
    /// Where each element is in `bytes` (absolute indices).
    let elements: [Range<Int>]
    /// The array's path in the file, for errors (`events`, `strokes[2]`).
    private(set) var location: String
    /// The budget of the whole document, whose scan every batch already passed.
    let budget: ImportBudget

    /// The array `bytes[range]`, or `nil` when that text is not one complete array.
    init?(_ bytes: ArraySlice<UInt8>, range: Range<Int>, location: String, budget: ImportBudget) {
        let text = bytes[range]
        guard text.first == UInt8(ascii: "["), let children = JSONNesting.children(in: text) else { return nil }
        self.init(bytes, elements: children.map { ($0.lowerBound + range.lowerBound)..<($0.upperBound + range.lowerBound) },
                  location: location, budget: budget)
    }

    /// The array whose elements are at `elements` in `bytes` (absolute indices), found already.
    init(_ bytes: ArraySlice<UInt8>, elements: [Range<Int>], location: String, budget: ImportBudget) {
        self.bytes = bytes
        self.elements = elements
        self.location = location
        self.budget = budget
    }

    /// The same elements, reported at `location`.
    func at(_ location: String) -> JSONArrayStream {
        var copy = self
        copy.location = location
        return copy
    }

    /// Number of elements.
    var count: Int { elements.count }

    /// The first byte of element `index` (`[`, `{`, `"`, a digit …).
    func firstByte(of index: Int) -> UInt8 { bytes[elements[index].lowerBound] }

    /// Calls `body` with each element's index and value, in order, parsing `batch` elements at
    /// a time (one for elements that may each be large, such as whole strokes). Errors, the
    /// body's included, are at the file's paths (`events[515].pressure`, `events[512…600]` for
    /// a batch that is not well-formed).
    func forEach(batch: Int = batchSize, _ body: (Int, JSONNode) throws(JSONError) -> Void) throws(JSONError) {
        var first = 0
        var text: [UInt8] = []
        while first < elements.count {
            let last = min(first + max(batch, 1), elements.count) - 1
            let span = first == last ? "\(location)[\(first)]" : "\(location)[\(first)…\(last)]"
            text.removeAll(keepingCapacity: true)
            text.append(UInt8(ascii: "["))
            text += bytes[elements[first].lowerBound..<elements[last].upperBound]
            text.append(UInt8(ascii: "]"))
            // The whole document passed the budget's scan, so the batch is not counted again.
            let document = try budget.parseCounted(text[...], at: span)
            let values = document.root.elements
            guard values.count == last - first + 1 else {
                throw JSONError(kind: .syntax, path: span, message: "invalid JSON: elements are not separated by single commas")
            }
            for (offset, value) in values.enumerated() {
                do {
                    try body(first + offset, value)
                } catch {
                    throw InterchangeJSON.relocate(error, from: value, to: "\(location)[\(first + offset)]")
                }
            }
            first = last + 1
        }
    }
}
