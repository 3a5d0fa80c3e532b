/// LZ-String's `decompressFromBase64`, the compression the Obsidian Excalidraw plugin uses for
/// the scene inside an `.excalidraw.md` file (its `compressed-json` block).
///
/// The format is LZW-like: codes of a growing bit width, read least significant bit first from
/// base64 characters (6 bits each, most significant first); code 0 and 1 bring a new 8- or 16-bit
/// UTF-16 unit, 2 ends the stream, higher codes name dictionary entries. Every entry is a
/// stretch of the output already written (the previous entry plus the next unit), so the
/// dictionary is kept as ranges into the output and costs a few words per code, whatever the
/// entries' lengths. The output is bounded by `maxUnits` before it grows past it.
enum LZString {
    /// Why a compressed string was refused.
    struct Failure: Error, Sendable, Hashable {
        /// One line.
        var message: String
    }

    /// The text compressed in `base64` (whitespace and line breaks between characters are
    /// skipped, as the plugin wraps the block), at most `maxUnits` UTF-16 units long.
    static func decompressFromBase64(_ base64: some Collection<UInt8>, maxUnits: Int) throws(Failure) -> String {
        var values: [UInt8] = []
        values.reserveCapacity(base64.count)
        for byte in base64 {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            if byte == UInt8(ascii: "=") { continue }
            guard let value = sextet(byte) else {
                throw Failure(message: "'\(Character(Unicode.Scalar(byte)).debugDescription.dropFirst().dropLast())' is not a base64 character")
            }
            values.append(value)
        }
        guard !values.isEmpty else { throw Failure(message: "no compressed data") }
        let units = try decompress(values, maxUnits: maxUnits)
        return String(decoding: units, as: UTF16.self)
    }

    /// The 6-bit value of a base64 character (LZ-String's alphabet: `A–Z a–z 0–9 + /`).
    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }

    /// Reads codes from 6-bit values.
    private struct BitReader {
        let values: [UInt8]
        var index = 0
        /// The bit of the current value to read next (32 down to 1).
        var position: UInt8 = 32

        /// The next `width` bits as a number, least significant first; `nil` past the end.
        mutating func read(_ width: Int) -> Int? {
            var bits = 0
            for shift in 0..<width {
                guard index < values.count else { return nil }
                if values[index] & position != 0 { bits |= 1 << shift }
                position >>= 1
                if position == 0 {
                    position = 32
                    index += 1
                }
            }
            return bits
        }
    }

    private static func decompress(_ values: [UInt8], maxUnits: Int) throws(Failure) -> [UInt16] {
        var reader = BitReader(values: values)
        var output: [UInt16] = []
        // Entries 0, 1, 2 are the control codes; an entry is a range of `output`.
        var dictionary: [Range<Int>] = [0..<0, 0..<0, 0..<0]
        var width = 3
        var enlargeIn = 4
        let truncated = Failure(message: "the compressed data ends before its end marker")

        func append(_ unit: UInt16) throws(Failure) {
            guard output.count < maxUnits else { throw Failure(message: "decompresses to more than \(maxUnits) characters") }
            output.append(unit)
        }
        /// A literal unit of `bits` bits, appended; its range.
        func literal(_ bits: Int) throws(Failure) -> Range<Int> {
            guard let unit = reader.read(bits) else { throw truncated }
            try append(UInt16(unit))
            return (output.count - 1)..<output.count
        }

        guard let first = reader.read(2) else { throw truncated }
        var previous: Range<Int>
        switch first {
        case 0: previous = try literal(8)
        case 1: previous = try literal(16)
        case 2: return []
        default: throw Failure(message: "the compressed data does not start with a character")
        }
        dictionary.append(previous)
        while true {
            guard let code = reader.read(width) else { throw truncated }
            var entry: Range<Int>
            switch code {
            case 0, 1:
                entry = try literal(code == 0 ? 8 : 16)
                dictionary.append(entry)
                enlargeIn -= 1
                if enlargeIn == 0 {
                    enlargeIn = 1 << width
                    width += 1
                }
            case 2:
                return output
            case 3..<dictionary.count:
                let source = dictionary[code]
                let start = output.count
                guard source.count <= maxUnits - start else { throw Failure(message: "decompresses to more than \(maxUnits) characters") }
                for i in source { output.append(output[i]) }
                entry = start..<output.count
            case dictionary.count:
                // The entry being defined: the previous one and its own first unit.
                let start = output.count
                guard previous.count + 1 <= maxUnits - start else { throw Failure(message: "decompresses to more than \(maxUnits) characters") }
                for i in previous { output.append(output[i]) }
                output.append(output[previous.lowerBound])
                entry = start..<output.count
            default:
                throw Failure(message: "code \(code) names no dictionary entry (there are \(dictionary.count))")
            }
            // The previous entry and the first unit of this one: in the output, side by side.
            dictionary.append(previous.lowerBound..<(previous.upperBound + 1))
            enlargeIn -= 1
            if enlargeIn == 0 {
                enlargeIn = 1 << width
                width += 1
            }
            previous = entry
            guard width <= 32 else { throw Failure(message: "codes wider than 32 bits") }
        }
    }
}
