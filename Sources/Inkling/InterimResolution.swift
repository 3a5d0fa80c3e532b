import Foundation
import InklingConditioning

/// Concept-to-conditioning pieces the API needs that do not depend on the engine: style words in
/// text, language and the size table lookup.
enum InterimResolution {
    /// A style asked for in text ("in a watercolor style", "as a pencil sketch"), if any.
    static func style(inText text: String) -> Style? {
        let lower = text.lowercased()
        let table: [(words: [String], style: Style)] = [
            (["emoji", "sticker"], .emoji),
            (["pencil sketch", "graphite", "charcoal", "as a sketch", "sketch style", "pencil drawing"], .sketch),
            (["watercolor", "watercolour", "ink and wash", "illustration style", "as an illustration"], .illustration),
            (["cartoon", "anime", "cel shaded", "cel-shaded", "animation style", "animated"], .animation),
        ]
        for entry in table where entry.words.contains(where: { lower.contains($0) }) { return entry.style }
        return nil
    }

    /// The supported size closest to `request`: aspect ratio first, then resolution.
    static func size(_ request: SizeRequest, among sizes: [PixelSize]) -> PixelSize? {
        guard let first = sizes.first else { return nil }
        guard case .closest(let target) = request else { return first }
        func logRatio(_ s: PixelSize) -> Double { Double(s.width).squareRoot() == 0 ? 0 : log2(Double(s.width) / Double(s.height)) }
        func logArea(_ s: PixelSize) -> Double { log2(Double(s.width * s.height)) }
        return sizes.min { a, b in
            let ra = abs(logRatio(a) - logRatio(target)), rb = abs(logRatio(b) - logRatio(target))
            if abs(ra - rb) > 1e-9 { return ra < rb }
            return abs(logArea(a) - logArea(target)) < abs(logArea(b) - logArea(target))
        }
    }
}
