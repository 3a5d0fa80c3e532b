import Foundation

/// A contact-sheet tile's label: its text checked here, rendered by InklingGuidance's
/// ``TextCoverage`` (cairo's toy text API; the glyphs depend on the fonts installed).
enum SheetLabel {
    /// Longest label, in characters.
    static let maxLength = 64

    /// The labels in `text` (separated by `;`, each trimmed), or a one-line reason they are not
    /// usable: `count` of them, each at most ``maxLength`` characters, no control characters.
    static func parse(_ text: String, count: Int) -> Result<[String], SheetLabelError> {
        let labels = text.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard labels.count == count else { return .failure(.count(labels.count, images: count)) }
        for label in labels {
            if label.count > maxLength { return .failure(.tooLong(label.count)) }
            if label.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return .failure(.control) }
        }
        return .success(labels)
    }

}

/// Why `--labels` cannot be used.
enum SheetLabelError: Error, Equatable {
    case count(Int, images: Int)
    case tooLong(Int)
    case control

    /// One line that says what to do.
    var message: String {
        switch self {
        case .count(let n, let images): return "--labels has \(n) label(s) for \(images) image(s): give one per image, separated by ';'"
        case .tooLong(let n): return "a label is \(n) characters long; keep each --labels entry to \(SheetLabel.maxLength)"
        case .control: return "--labels may not contain control characters (tabs, newlines)"
        }
    }
}
