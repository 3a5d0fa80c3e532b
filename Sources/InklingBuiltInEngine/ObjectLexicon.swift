/// Things a prompt names that the built-in engine can look for in a drawing by a simple cue,
/// with the colour people expect of them (if any), in the lexicon's ten languages.
///
/// The cue says where the thing goes — a drawn region found by position, shape or size, or
/// the sky or the ground of the picture — never that the engine recognises it; the rules are
/// ``RegionColoring``'s and are listed in `docs/builtin-engine.md`. Matching is
/// ``ColorLexicon``'s (whole words for Latin keys, anywhere for CJK keys).
enum ObjectLexicon {
    /// Where a named thing is looked for.
    enum Cue: Sendable, Hashable {
        /// A round closed shape with rays, high in the picture (the sun or the moon).
        case sun
        /// The closed shapes in the upper half of the drawing (a flower's head and petals).
        case flowerHead
        /// Round closed shapes other than the sun and the largest shape (a tree's crown).
        case roundPlant
        /// Elongated closed shapes in the lower half of the drawing (leaves).
        case leaf
        /// The largest closed shape (a building or a body).
        case largest
        /// The closed shape just above the largest one (a roof).
        case aboveLargest
        /// Closed shapes in the lower part of the drawing (a vase, a pot).
        case lowest
        /// The picture's sky (its upper part).
        case sky
        /// The picture's ground (its lower part).
        case ground
    }

    /// One thing: its name, cue, expected colour and words.
    struct Entry: Sendable {
        let name: String
        let cue: Cue
        let color: PaletteColor?
        let words: [String]
    }

    /// The sun's and the moon's colours (the moon also for a sun-shaped region at night).
    static let sunColor = PaletteColor(hex: 0xFFC83D), moonColor = PaletteColor(hex: 0xF2E6A8)
    /// A day sky and a night sky.
    static let daySky = PaletteColor(hex: 0x7EC0EE), nightSky = PaletteColor(hex: 0x1B2350)

    static let entries: [Entry] = [
        Entry(name: "sun", cue: .sun, color: sunColor,
              words: ["sun", "sonne", "soleil", "sol", "sole", "zon", "太陽", "태양", "太阳"]),
        Entry(name: "moon", cue: .sun, color: moonColor,
              words: ["moon", "mond", "lune", "luna", "lua", "maan", "月", "달", "月亮"]),
        Entry(name: "sunflower", cue: .flowerHead, color: PaletteColor(hex: 0xF5C518),
              words: ["sunflower", "sonnenblume", "tournesol", "girasol", "girasole", "girassol", "zonnebloem", "ひまわり", "向日葵", "해바라기"]),
        Entry(name: "lavender", cue: .flowerHead, color: PaletteColor(hex: 0x9B7BD4),
              words: ["lavender", "lavendel", "lavande", "lavanda", "ラベンダー", "라벤더", "薰衣草"]),
        Entry(name: "flower", cue: .flowerHead, color: nil,
              words: ["flower", "blume", "blumen", "blüte", "fleur", "flor", "fiore", "fiori", "bloem", "꽃", "花"]),
        Entry(name: "cherry blossom", cue: .roundPlant, color: PaletteColor(hex: 0xF4A6C0),
              words: ["cherry blossom", "kirschblüte", "kirschblüten", "cerisier", "cerezo", "ciliegio", "cerejeira", "kersenbloesem",
                      "sakura", "桜", "さくら", "벚꽃", "樱花", "樱"]),
        Entry(name: "tree", cue: .roundPlant, color: PaletteColor(hex: 0x4E9A3E),
              words: ["tree", "baum", "arbre", "árbol", "albero", "árvore", "boom", "bush", "busch", "木", "나무", "树"]),
        Entry(name: "leaf", cue: .leaf, color: PaletteColor(hex: 0x5DAE4A),
              words: ["leaf", "leaves", "blatt", "blätter", "feuille", "hoja", "foglia", "folha", "blad", "葉", "잎", "叶"]),
        Entry(name: "building or body", cue: .largest, color: nil,
              words: ["house", "haus", "maison", "casa", "huis", "home", "barn", "scheune", "grange", "granero", "fienile", "celeiro", "schuur",
                      "castle", "schloss", "château", "castillo", "castello", "castelo", "kasteel", "church", "kirche", "église", "iglesia",
                      "chiesa", "igreja", "kerk", "car", "auto", "voiture", "coche", "macchina", "carro", "boat", "boot", "bateau", "barco",
                      "barca", "cat", "katze", "chat", "gato", "gatto", "kat", "dog", "hund", "chien", "perro", "cane", "hond",
                      "家", "집", "房子", "城", "車", "차", "车", "猫", "고양이", "犬", "개", "狗"]),
        Entry(name: "roof", cue: .aboveLargest, color: nil,
              words: ["roof", "dach", "toit", "techo", "tetto", "telhado", "dak", "屋根", "지붕", "屋顶"]),
        Entry(name: "vase", cue: .lowest, color: nil,
              words: ["vase", "vaas", "topf", "pot", "jarrón", "florero", "vaso", "cup", "bowl", "tasse", "tazza", "花瓶", "꽃병", "壶"]),
        Entry(name: "sky", cue: .sky, color: daySky,
              words: ["sky", "himmel", "ciel", "cielo", "céu", "lucht", "空", "하늘", "天空"]),
        Entry(name: "night", cue: .sky, color: nightSky,
              words: ["night", "nacht", "nuit", "noche", "notte", "noite", "夜", "밤", "夜晚"]),
        Entry(name: "sea", cue: .ground, color: PaletteColor(hex: 0x2F7FB5),
              words: ["sea", "ocean", "meer", "océan", "mer", "océano", "mar", "oceano", "mare", "zee", "lake", "lac", "lago", "海", "바다", "湖"]),
        Entry(name: "grass", cue: .ground, color: PaletteColor(hex: 0x7CC25A),
              words: ["grass", "gras", "herbe", "hierba", "erba", "grama", "meadow", "wiese", "prairie", "prado", "prato", "weide",
                      "草", "풀", "草原"]),
        Entry(name: "snow", cue: .ground, color: PaletteColor(hex: 0xF4F7FB),
              words: ["snow", "schnee", "neige", "nieve", "neve", "sneeuw", "雪", "눈"]),
        Entry(name: "fire", cue: .largest, color: PaletteColor(hex: 0xF0642A),
              words: ["fire", "feuer", "feu", "fuego", "fuoco", "fogo", "vuur", "火", "炎", "불", "火焰"]),
    ]
}
