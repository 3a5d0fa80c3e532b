/// A box of colours in RGB space for ``ColorPalette``'s median cut.
struct ColorBox: Sendable {
    /// One distinct colour and how many sampled pixels have it.
    struct Entry: Sendable {
        /// Red, green, blue.
        var rgb: [UInt8]
        /// Pixels with this colour.
        var count: Int
    }

    /// The distinct colours inside the box.
    let colors: [Entry]
    /// Pixels in the box.
    let pixelCount: Int
    /// The channel (0 red, 1 green, 2 blue) with the widest range and that range.
    let widest: (channel: Int, range: Int)

    /// A box holding `colors`; its statistics are computed once here.
    init(colors: [Entry]) {
        self.colors = colors
        var low: [UInt8] = [255, 255, 255], high: [UInt8] = [0, 0, 0]
        var pixels = 0
        for entry in colors {
            pixels += entry.count
            for channel in 0..<3 {
                low[channel] = min(low[channel], entry.rgb[channel])
                high[channel] = max(high[channel], entry.rgb[channel])
            }
        }
        var best = (channel: 0, range: -1)
        for channel in 0..<3 where Int(high[channel]) - Int(low[channel]) > best.range {
            best = (channel, Int(high[channel]) - Int(low[channel]))
        }
        pixelCount = pixels
        widest = colors.isEmpty ? (0, 0) : best
    }

    /// Which box to split next: pixels × widest range (big, spread-out boxes first).
    var priority: Int { pixelCount * (widest.range + 1) }

    /// The pixel-weighted mean colour, rounded, opaque.
    var mean: RGBA8 {
        var sums = [0, 0, 0]
        var total = 0
        for entry in colors {
            for channel in 0..<3 { sums[channel] += Int(entry.rgb[channel]) * entry.count }
            total += entry.count
        }
        let channel = { (index: Int) in UInt8((sums[index] + total / 2) / max(total, 1)) }
        return RGBA8(red: channel(0), green: channel(1), blue: channel(2))
    }

    /// Splits along the widest channel at the pixel-weighted median; both halves are non-empty.
    ///
    /// - Precondition: the box holds at least two distinct colours.
    func split() -> (ColorBox, ColorBox) {
        let channel = widest.channel
        let sorted = colors.sorted { lhs, rhs in
            if lhs.rgb[channel] != rhs.rgb[channel] { return lhs.rgb[channel] < rhs.rgb[channel] }
            return lhs.rgb.lexicographicallyPrecedes(rhs.rgb)
        }
        let half = pixelCount / 2
        var running = 0
        var cut = 1
        for (index, entry) in sorted.enumerated() {
            running += entry.count
            if running >= half { cut = index + 1; break }
        }
        cut = min(max(cut, 1), sorted.count - 1)
        return (ColorBox(colors: Array(sorted[..<cut])), ColorBox(colors: Array(sorted[cut...])))
    }
}
