import InklingBase
import Foundation
import InklingStrokes

/// The elements of one JSON array, parsed a batch at a time instead of as one tree.
///
/// Foundation's `JSONSerialization` spends kilobytes on each small object it builds, so a long
/// array of events costs far more than its text. The array's element boundaries come from one
/// scan (``JSONNesting/children(in:)``); ``forEach(_:)`` then parses ``batchSize`` elements at
/// a time and drops each batch's tree before the next, so memory is bounded by one batch and
/// what the caller keeps.
struct JSONArrayStream {
    /// Elements parsed per `JSONSerialization` call.
    static let batchSize = 512

    /// The document the array is in.
    let bytes: ArraySlice<UInt8>
    /// Where each element is in `bytes` (absolute indices).
    let elements: [Range<Int>]
    /// The format being read, for errors.
    let format: InkFormat
    /// The array's path, for errors (`events`, `strokes[2]`).
    let location: String

    /// The array `bytes[range]`, or `nil` when that text is not one complete array.
    init?(_ bytes: ArraySlice<UInt8>, range: Range<Int>, format: InkFormat, location: String) {
        let text = bytes[range]
        guard text.first == UInt8(ascii: "["), let children = JSONNesting.children(in: text) else { return nil }
        self.bytes = bytes
        self.elements = children.map { ($0.lowerBound + range.lowerBound)..<($0.upperBound + range.lowerBound) }
        self.format = format
        self.location = location
    }

    /// Number of elements.
    var count: Int { elements.count }

    /// The first byte of element `index` (`[`, `{`, `"`, a digit …).
    func firstByte(of index: Int) -> UInt8 { bytes[elements[index].lowerBound] }

    /// Calls `body` with each element's index and parsed value, in order, parsing `batch`
    /// elements at a time (one for elements that may each be large, such as whole strokes).
    func forEach(batch: Int = batchSize, _ body: (Int, Any) throws(InkImportError) -> Void) throws(InkImportError) {
        var first = 0
        while first < elements.count {
            let last = min(first + max(batch, 1), elements.count) - 1
            var text: [UInt8] = [UInt8(ascii: "[")]
            text += bytes[elements[first].lowerBound..<elements[last].upperBound]
            text.append(UInt8(ascii: "]"))
            let parsed: Any
            do {
                parsed = try JSONSerialization.jsonObject(with: Data(text), options: [])
            } catch {
                let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "not well-formed"
                throw InkImportError(format, at: "\(location)[\(first == last ? "\(first)" : "\(first)…\(last)")]", "invalid JSON: \(detail)")
            }
            guard let batch = parsed as? [Any], batch.count == last - first + 1 else {
                throw InkImportError(format, at: "\(location)[\(first == last ? "\(first)" : "\(first)…\(last)")]", "invalid JSON: elements are not separated by single commas")
            }
            for (offset, value) in batch.enumerated() { try body(first + offset, value) }
            first = last + 1
        }
    }
}
