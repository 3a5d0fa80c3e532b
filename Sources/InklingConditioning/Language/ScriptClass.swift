/// The writing systems ``LanguageDetector`` tells apart, by Unicode block.
enum ScriptClass: Int, Sendable, Hashable {
    case latin, kana, hangul, han, cyrillic, arabic, greek, hebrew, thai, devanagari, bengali, tamil, georgian, armenian

    /// The script of a letter, or `nil` for digits, punctuation, symbols and other scripts.
    init?(_ s: Unicode.Scalar) {
        let v = s.value
        switch v {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF:
            if v == 0xD7 || v == 0xF7 { return nil }
            self = .latin
        case 0x3041...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: self = .kana
        case 0xAC00...0xD7A3, 0x1100...0x11FF, 0x3130...0x318F: self = .hangul
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2EBEF, 0xF900...0xFAFF: self = .han
        case 0x400...0x4FF, 0x500...0x52F: self = .cyrillic
        case 0x600...0x6FF, 0x750...0x77F, 0xFB50...0xFDFF, 0xFE70...0xFEFF:
            guard s.properties.isAlphabetic else { return nil }
            self = .arabic
        case 0x370...0x3FF, 0x1F00...0x1FFF: self = .greek
        case 0x5D0...0x5EA: self = .hebrew
        case 0xE01...0xE4E: self = .thai
        case 0x900...0x97F: self = .devanagari
        case 0x980...0x9FF: self = .bengali
        case 0xB80...0xBFF: self = .tamil
        case 0x10A0...0x10FF: self = .georgian
        case 0x531...0x58F: self = .armenian
        default: return nil
        }
    }
}
