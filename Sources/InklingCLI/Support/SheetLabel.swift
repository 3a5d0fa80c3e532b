import Foundation
import CCairo

/// A contact-sheet tile's label: one line of text rendered as coverage with cairo's toy text
/// API (bold sans-serif from fontconfig, so the glyphs depend on the fonts installed).
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

    /// Coverage `0 ... 255` (`width × height`, row-major) of `text` centred in the strip, its
    /// font size 62% of the height; `nil` when cairo cannot allocate.
    static func coverage(_ text: String, width: Int, height: Int) -> [UInt8]? {
        guard width > 0, height > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return nil }
        defer { cairo_destroy(cr) }
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo_set_font_size(cr, Double(height) * 0.62)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        let x = max(0, (Double(width) - extents.x_advance) / 2)
        cairo_move_to(cr, x, Double(height) * 0.72)
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_show_text(cr, text)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { out[y * width + x] = data[y * stride + x] }
        }
        return out
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
