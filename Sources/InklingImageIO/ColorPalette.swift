/// Extracts a small palette of representative colours from an image, deterministically.
public enum ColorPalette {
    /// Most pixels looked at; larger images are sampled on a regular grid.
    static let maxSamples = 1 << 16

    /// Up to `count` colours that represent `image`, heaviest first, by median cut.
    ///
    /// Pixels are sampled on a regular grid (at most ``maxSamples``); fully transparent pixels
    /// are ignored and the rest count by their colour only (alpha is not a weight). Median cut
    /// repeatedly splits the colour box with the most pixels × widest channel range at the
    /// pixel-weighted median of that channel, until there are `count` boxes or every box holds a
    /// single colour; each box gives its mean colour and its share of the pixels. An image of
    /// three flat colours therefore yields exactly those colours with their area shares. Ties in
    /// weight are ordered by colour value, so the result is identical on every run.
    ///
    /// - Returns: at most `count` entries (fewer when the image has fewer distinct colours,
    ///   none when it is empty or fully transparent); weights sum to 1.
    /// - Precondition: `count ≥ 1`.
    public static func extract(from image: RasterImage, count: Int) -> [PaletteEntry] {
        precondition(count >= 1, "a palette needs at least one colour")
        let histogram = sampledHistogram(image)
        guard !histogram.isEmpty else { return [] }
        var boxes = [ColorBox(colors: histogram)]
        while boxes.count < count {
            guard let index = boxes.indices.filter({ boxes[$0].colors.count > 1 })
                .max(by: { boxes[$0].priority < boxes[$1].priority || (boxes[$0].priority == boxes[$1].priority && $0 > $1) })
            else { break }
            let (low, high) = boxes[index].split()
            boxes[index] = low
            boxes.append(high)
        }
        let total = Double(histogram.reduce(0) { $0 + $1.count })
        let entries = boxes.map { box in
            PaletteEntry(color: box.mean, weight: Double(box.pixelCount) / total)
        }
        return entries.sorted { lhs, rhs in
            if lhs.weight != rhs.weight { return lhs.weight > rhs.weight }
            return key(lhs.color) < key(rhs.color)
        }
    }

    /// Distinct colours of the sampled, not fully transparent pixels with their counts, sorted by colour.
    private static func sampledHistogram(_ image: RasterImage) -> [ColorBox.Entry] {
        let total = image.width * image.height
        guard total > 0 else { return [] }
        let step = max(1, Int((Double(total) / Double(maxSamples)).squareRoot().rounded(.up)))
        let channels = image.format.channels
        let gray = image.format == .gray || image.format == .grayAlpha
        var counts: [UInt32: Int] = [:]
        for y in stride(from: step / 2, to: image.height, by: step) {
            for x in stride(from: step / 2, to: image.width, by: step) {
                let base = (y * image.width + x) * channels
                if image.format.hasAlpha && image.pixels[base + channels - 1] == 0 { continue }
                let r = image.pixels[base]
                let g = gray ? r : image.pixels[base + 1]
                let b = gray ? r : image.pixels[base + 2]
                counts[UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b), default: 0] += 1
            }
        }
        return counts.keys.sorted().map { packed in
            ColorBox.Entry(rgb: [UInt8(packed >> 16 & 0xFF), UInt8(packed >> 8 & 0xFF), UInt8(packed & 0xFF)],
                           count: counts[packed]!)
        }
    }

    /// A colour's packed RGB value, for ordering ties.
    private static func key(_ color: RGBA8) -> UInt32 {
        UInt32(color.red) << 16 | UInt32(color.green) << 8 | UInt32(color.blue)
    }
}
