/// The style names ``StyleRequest`` recognises in text, and the preset each maps to.
///
/// | named in text | preset |
/// | --- | --- |
/// | watercolor, oil painting, gouache, acrylic, pastel, editorial, illustration, storybook | ``Style/illustration`` |
/// | pencil sketch, pencil, charcoal, graphite, hand-drawn, sketch, line art, ink drawing | ``Style/sketch`` |
/// | cartoon, anime, manga, cel-shaded, pixar, animation, comic | ``Style/animation`` |
/// | emoji, sticker, genmoji, emoticon | ``Style/emoji`` |
/// | photorealistic, realistic, photograph, pixel art, 3d render, low poly, isometric, cubist, impressionist, vaporwave, claymation | none (reported) |
///
/// Words that are often not about style ("pencil", "realistic", "comic", "pastel",
/// "acrylic", "photograph") count only with a cue ("in", "as", "… style").
enum StyleVocabulary {
    /// One recognisable style name.
    public struct Entry: Sendable, Hashable {
        /// The words searched for.
        public var phrase: String
        /// The canonical name reported.
        public var name: String
        /// The preset, or `nil` when none covers it.
        public var style: Style?
        /// Whether the words only count next to a cue ("in a … style").
        var needsCue: Bool
    }

    /// Every entry, longest phrase first (so "pencil sketch" wins over "sketch").
    public static let entries: [Entry] = {
        func e(_ phrase: String, _ name: String, _ style: Style?, cue: Bool = false) -> Entry {
            Entry(phrase: phrase, name: name, style: style, needsCue: cue)
        }
        func e(_ phrase: String, _ style: Style?, cue: Bool = false) -> Entry {
            Entry(phrase: phrase, name: phrase, style: style, needsCue: cue)
        }
        let list: [Entry] = [
            e("watercolor", .illustration), e("watercolour", "watercolor", .illustration),
            e("oil painting", .illustration), e("oil paint", "oil painting", .illustration),
            e("gouache", .illustration), e("acrylic", .illustration, cue: true), e("pastel", .illustration, cue: true),
            e("editorial", .illustration, cue: true), e("illustration", .illustration), e("illustrated", "illustration", .illustration),
            e("storybook", .illustration), e("children's book", "storybook", .illustration),
            e("pencil sketch", .sketch), e("pencil drawing", "pencil sketch", .sketch), e("pencil", .sketch, cue: true),
            e("charcoal", .sketch), e("graphite", .sketch), e("hand-drawn", .sketch), e("hand drawn", "hand-drawn", .sketch),
            e("sketch", .sketch), e("sketchy", "sketch", .sketch), e("line art", .sketch), e("lineart", "line art", .sketch),
            e("ink drawing", .sketch),
            e("cartoon", .animation), e("cartoony", "cartoon", .animation), e("anime", .animation), e("manga", .animation),
            e("cel-shaded", .animation), e("cel shaded", "cel-shaded", .animation), e("cel shading", "cel-shaded", .animation),
            e("pixar", .animation), e("animation", .animation), e("animated", "animation", .animation),
            e("comic", .animation, cue: true), e("comic book", "comic", .animation),
            e("emoji", .emoji), e("sticker", .emoji), e("genmoji", .emoji), e("emoticon", "emoji", .emoji),
            e("photorealistic", nil), e("photo-realistic", "photorealistic", nil), e("hyperrealistic", "photorealistic", nil),
            e("hyper-realistic", "photorealistic", nil), e("realistic", nil, cue: true), e("photograph", nil, cue: true),
            e("photographic", "photograph", nil, cue: true), e("pixel art", nil), e("3d render", nil), e("low poly", nil),
            e("isometric", nil, cue: true), e("cubist", nil), e("impressionist", nil), e("vaporwave", nil), e("claymation", nil),
        ]
        return list.sorted { $0.phrase.count != $1.phrase.count ? $0.phrase.count > $1.phrase.count : $0.phrase < $1.phrase }
    }()
}
