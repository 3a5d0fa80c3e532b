/// The built-in engine's vocabulary: colour words and scene concepts in several languages,
/// mapped to colours, palettes and motifs.
///
/// Matching: a phrase is lower-cased; a Latin-script key matches whole words (a trailing "s"
/// or "es" plural is accepted, multi-word keys match as a run of words); a Chinese, Japanese or
/// Korean key matches anywhere in the text (so particles such as 벚꽃이 still match). Phrases
/// are weighted by ``ConceptPhrase/weight``. Words the lexicon does not know still give a
/// palette: ``Palette/harmonious(hue:)`` of the FNV-1a hash of the phrase.
/// Every entry is listed in `docs/builtin-engine.md`.
public enum ColorLexicon {
    /// A scene concept: its palette and motif.
    public struct Scene: Sendable, Hashable {
        /// Canonical English name ("sunset").
        public var name: String
        /// The palette it paints with.
        public var palette: Palette
        /// The motif it adds, if any.
        public var motif: Motif?
    }

    /// Colour words (lower case) to colours: English, German, French, Spanish, Italian,
    /// Portuguese, Dutch, Japanese, Korean, Chinese.
    public static let colors: [(words: [String], color: PaletteColor)] = [
        (["red", "rot", "rote", "roter", "rouge", "rojo", "roja", "rosso", "rossa", "vermelho", "vermelha", "rood", "赤", "赤い", "빨간", "빨강", "红", "紅"], PaletteColor(hex: 0xD93A36)),
        (["orange", "naranja", "arancione", "laranja", "orangefarbene", "オレンジ", "주황", "橙"], PaletteColor(hex: 0xF08A24)),
        (["yellow", "gelb", "gelbe", "jaune", "amarillo", "amarilla", "giallo", "gialla", "amarelo", "amarela", "geel", "黄色", "黄色い", "노란", "노랑", "黄"], PaletteColor(hex: 0xF5CF2E)),
        (["green", "grün", "grüne", "vert", "verte", "verde", "groen", "緑", "초록", "녹색", "绿"], PaletteColor(hex: 0x3FA34D)),
        (["blue", "blau", "blaue", "bleu", "bleue", "azul", "blu", "blauw", "青", "青い", "파란", "파랑", "蓝", "藍"], PaletteColor(hex: 0x2F6FD6)),
        (["purple", "violet", "lila", "violett", "morado", "morada", "viola", "roxo", "roxa", "paars", "紫", "보라"], PaletteColor(hex: 0x8A4FC4)),
        (["pink", "rosa", "rose", "roze", "ピンク", "분홍", "핑크", "粉"], PaletteColor(hex: 0xF27BAA)),
        (["brown", "braun", "braune", "marron", "brun", "marrón", "marrone", "castanho", "bruin", "茶色", "갈색", "棕"], PaletteColor(hex: 0x8A5A3B)),
        (["black", "schwarz", "schwarze", "noir", "noire", "negro", "negra", "nero", "nera", "preto", "preta", "zwart", "黒", "黒い", "검은", "검정", "黑"], PaletteColor(hex: 0x24222A)),
        (["white", "weiß", "weiss", "weiße", "blanc", "blanche", "blanco", "blanca", "bianco", "bianca", "branco", "branca", "wit", "白", "白い", "흰", "하얀", "흰색"], PaletteColor(hex: 0xF4F2EC)),
        (["gray", "grey", "grau", "graue", "gris", "grigio", "cinza", "grijs", "灰色", "회색", "灰"], PaletteColor(hex: 0x8C8F96)),
        (["gold", "golden", "goldene", "doré", "dorado", "oro", "dourado", "goud", "金色", "금색", "金"], PaletteColor(hex: 0xD9A82B)),
        (["turquoise", "türkis", "turquesa", "turchese", "turkoois", "ターコイズ", "청록", "青绿"], PaletteColor(hex: 0x2EB8AC)),
    ]

    /// Scene concepts to palettes and motifs (palette order: background, ground, primary,
    /// secondary, accent, ink).
    public static let scenes: [(words: [String], scene: Scene)] = [
        (["sunset", "sonnenuntergang", "coucher de soleil", "atardecer", "puesta de sol", "tramonto", "pôr do sol", "zonsondergang", "夕焼け", "夕日", "노을", "석양", "日落", "夕阳"],
         Scene(name: "sunset", palette: Palette([0xF6B26B, 0x6B3F5E, 0xE8574A, 0xF08A3C, 0xFFD36E, 0x2B1B2E]), motif: .sun)),
        (["sun", "sunny", "sonne", "sonnig", "soleil", "sol", "sole", "zon", "太陽", "晴れ", "태양", "햇빛", "太阳"],
         Scene(name: "sun", palette: Palette([0xA8D8F0, 0x9CCB6B, 0xF2A33A, 0xE2574C, 0xFFD84D, 0x2E2A24]), motif: .sun)),
        (["ocean", "sea", "meer", "océan", "mer", "océano", "mar", "oceano", "mare", "zee", "海", "바다", "大海"],
         Scene(name: "ocean", palette: Palette([0xBFE3F2, 0x2F7FB5, 0x1F5F99, 0x48B5C4, 0xF4E3B5, 0x11263A]), motif: .waves)),
        (["beach", "strand", "plage", "playa", "spiaggia", "praia", "浜辺", "ビーチ", "해변", "海滩"],
         Scene(name: "beach", palette: Palette([0x9ED8EE, 0xF1D9A5, 0x36A3C9, 0xF27C5C, 0xFFD45E, 0x2A3440]), motif: .waves)),
        (["snow", "winter", "schnee", "neige", "hiver", "nieve", "invierno", "neve", "inverno", "sneeuw", "雪", "冬", "눈", "겨울"],
         Scene(name: "snow", palette: Palette([0xDDE9F5, 0xF4F7FB, 0x7FA7D9, 0xB9D0EA, 0xE5574F, 0x22324A]), motif: .snowflakes)),
        (["night", "nacht", "nuit", "noche", "notte", "noite", "moon", "mond", "lune", "luna", "lua", "maan", "star", "stern", "étoile", "estrella", "stella", "estrela", "夜", "月", "星", "밤", "달", "별", "夜晚", "月亮"],
         Scene(name: "night", palette: Palette([0x1D2550, 0x2B3A4A, 0x5C6BC0, 0x3E8E9E, 0xF6E27A, 0x0B0D1A]), motif: .stars)),
        (["desert", "wüste", "désert", "desierto", "deserto", "woestijn", "砂漠", "사막", "沙漠"],
         Scene(name: "desert", palette: Palette([0xF5D9A8, 0xE0A96A, 0xC8673A, 0x6E9E5A, 0xF2C14E, 0x3B2416]), motif: .sun)),
        (["spring", "frühling", "printemps", "primavera", "lente", "春", "봄"],
         Scene(name: "spring", palette: Palette([0xD6EEF7, 0xA6D98A, 0xF39BB8, 0xFFE07A, 0x7CC6E8, 0x2D3A2A]), motif: .petals)),
        (["cherry blossom", "kirschblüte", "kirschblüten", "cerisier", "cerezo", "ciliegio", "cerejeira", "kersenbloesem", "sakura", "桜", "さくら", "벚꽃", "樱花", "樱"],
         Scene(name: "cherry blossom", palette: Palette([0xF7E3EA, 0x9FC58C, 0xF4A6C0, 0xE07A9E, 0xFFF1F5, 0x4A2A33]), motif: .petals)),
        (["flower", "blume", "blumen", "fleur", "flor", "fiore", "fiori", "bloem", "花", "꽃", "garden", "garten", "jardin", "jardín", "giardino", "jardim", "tuin", "庭", "정원", "花园"],
         Scene(name: "flowers", palette: Palette([0xDDF0F7, 0x7DBB5E, 0xE9548C, 0xF6C23E, 0x9A6BD1, 0x2A2A30]), motif: .petals)),
        (["forest", "wald", "forêt", "bosque", "foresta", "floresta", "bos", "森", "숲", "森林", "tree", "baum", "arbre", "árbol", "albero", "árvore", "boom", "木", "나무", "树"],
         Scene(name: "forest", palette: Palette([0xCFE6C8, 0x4E7D3A, 0x2F6B3A, 0x7FAF4F, 0xC7883D, 0x1C2A1A]), motif: .leaves)),
        (["birthday", "geburtstag", "anniversaire", "cumpleaños", "compleanno", "aniversário", "verjaardag", "誕生日", "생일", "生日", "party", "fête", "fiesta", "festa", "feest", "パーティー", "파티", "派对"],
         Scene(name: "birthday", palette: Palette([0xFCEBD0, 0xF5B7C9, 0xE84A6F, 0x3FA7D6, 0xFAC748, 0x2B2140]), motif: .confetti)),
        (["fire", "feuer", "feu", "fuego", "fuoco", "fogo", "vuur", "火", "炎", "불", "火焰", "dragon", "drache"],
         Scene(name: "fire", palette: Palette([0xFBD38D, 0x5A2E2A, 0xE8452C, 0xF5A623, 0xFFE66D, 0x2A120E]), motif: nil)),
        (["sky", "himmel", "ciel", "cielo", "céu", "lucht", "空", "하늘", "天空", "cloud", "wolke", "nuage", "nube", "nuvola", "nuvem", "wolk", "雲", "구름", "云"],
         Scene(name: "sky", palette: Palette([0x8EC9F0, 0xB9DE9A, 0x4D8FD6, 0xF2F6FA, 0xF7C948, 0x1E2B3C]), motif: .clouds)),
        (["autumn", "fall", "herbst", "automne", "otoño", "autunno", "outono", "herfst", "秋", "가을", "秋天", "leaf", "leaves", "blatt", "feuille", "hoja", "foglia", "folha", "blad", "葉", "잎", "叶"],
         Scene(name: "autumn", palette: Palette([0xF3DEC0, 0xB5763A, 0xD4582B, 0xE8A33D, 0x8E3B2E, 0x2E1E14]), motif: .leaves)),
        (["rain", "regen", "pluie", "lluvia", "pioggia", "chuva", "雨", "비"],
         Scene(name: "rain", palette: Palette([0xB7C3CF, 0x6F8A7A, 0x4E6E8E, 0x8FA6B8, 0xF2C14E, 0x1E2630]), motif: .clouds)),
        (["mountain", "berg", "berge", "montagne", "montaña", "montagna", "montanha", "山", "산"],
         Scene(name: "mountain", palette: Palette([0xC9E0F0, 0x6D8B5A, 0x6F7FA3, 0xE9EEF3, 0xE8A04A, 0x1F2633]), motif: nil)),
        (["cat", "katze", "chat", "gato", "gatto", "kat", "猫", "고양이", "dog", "hund", "chien", "perro", "cane", "cachorro", "hond", "犬", "개", "강아지", "狗"],
         Scene(name: "pet", palette: Palette([0xF6E7CF, 0xA7C98A, 0xE59A4B, 0x8A6147, 0xF4D35E, 0x2B211C]), motif: nil)),
    ]

    /// The colour a word or phrase names, if the lexicon knows it.
    public static func color(in text: String) -> PaletteColor? {
        let t = Normalized(text)
        return colors.first { $0.words.contains(where: t.contains) }?.color
    }

    /// The scene concept a word or phrase names, if any (the longest matching key wins, so
    /// 桜の木 is a cherry blossom rather than a tree).
    public static func scene(in text: String) -> Scene? {
        let t = Normalized(text)
        var best: (Int, Scene)?
        for entry in scenes {
            for key in entry.words where t.contains(key) && key.count > (best?.0 ?? 0) { best = (key.count, entry.scene) }
        }
        return best?.1
    }

    /// A deterministic pleasant palette for text the lexicon does not know (FNV-1a hue).
    public static func fallbackPalette(for text: String) -> Palette {
        Palette.harmonious(hue: Double(FNV1a.hash(Normalized(text).joined) % 360))
    }

    /// Lower-cased text split into words, for matching.
    struct Normalized {
        let joined: String
        private let spaced: String

        init(_ text: String) {
            let lower = text.lowercased()
            var words: [String] = []
            var current = ""
            for ch in lower {
                if ch.isLetter || ch.isNumber { current.append(ch) } else if !current.isEmpty { words.append(current); current = "" }
            }
            if !current.isEmpty { words.append(current) }
            joined = words.joined(separator: " ")
            spaced = " " + joined + " "
        }

        /// Whether `key` occurs: whole words for Latin keys (plural "s"/"es" accepted), anywhere
        /// for CJK keys.
        func contains(_ key: String) -> Bool {
            if key.unicodeScalars.contains(where: { $0.value >= 0x3000 }) { return joined.contains(key) }
            return spaced.contains(" \(key) ") || spaced.contains(" \(key)s ") || spaced.contains(" \(key)es ")
        }
    }
}
