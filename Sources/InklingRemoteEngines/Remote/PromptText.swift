import InklingConditioning
import InklingEngines

/// The text prompt an external engine receives: the title, then the ideas most important
/// first, then the style's words.
enum PromptText {
    /// Words each style adds (`externalProvider` adds none: the engine's model decides).
    static func styleWords(_ style: Style) -> String? {
        switch style {
        case .animation: "animated film still, cel shading, flat colours, bold clean outlines"
        case .illustration: "editorial illustration, ink lines over watercolour washes"
        case .sketch: "pencil sketch, graphite on paper, cross-hatching"
        case .emoji: "single emoji sticker, glossy, centred, plain background"
        case .externalProvider: nil
        }
    }

    /// The positive prompt for `conditioning`.
    static func positive(_ conditioning: Conditioning) -> String {
        var parts: [String] = []
        if let title = conditioning.title, !title.isEmpty { parts.append(title) }
        parts += conditioning.phrases.map(\.text).filter { !$0.isEmpty }
        if parts.isEmpty { parts.append(conditioning.drawing == nil ? "a picture" : "a picture of the sketched shapes") }
        if let words = styleWords(conditioning.style) { parts.append(words) }
        return parts.joined(separator: ", ")
    }

    /// The seed of variation `variation`: the request's seed plus the variation, wrapping.
    static func seed(_ conditioning: Conditioning, variation: Int) -> UInt64 {
        conditioning.seed &+ UInt64(variation)
    }

    /// How much of the source image survives img2img, `0 ... 1` (engines denoise `1 − this`);
    /// without personalization at most 0.25, so the source informs colour and composition only.
    static func sourceKeep(_ conditioning: Conditioning) -> Double {
        conditioning.personalization ? conditioning.sourceStrength : min(conditioning.sourceStrength, 0.25)
    }
}
