import Foundation

/// Colours for the drawn regions from what the prompt names (``PromptReading``), found by
/// simple cues — position, size, roundness, rays — never by recognising anything.
///
/// Rules, in order (a region keeps the first colour it gets; all listed in
/// `docs/builtin-engine.md`):
/// 1. **Sun**: a *round* closed shape (it fills 55–92% of its bounding box, sides within
///    1 : 1.55) at least 0.1% of the image, centred in the upper half, with *rays* (at 1.5 and
///    1.7 times its radius a circle crosses at least five lines, and at most 30% of that circle
///    lies in other regions) is painted as the sun — yellow, or moon-pale at night — whether or
///    not the prompt says so. A prompt naming the sun or the moon with no rayed shape takes the
///    highest round shape centred in the upper 40%.
/// 2. **Named things** (bound to a colour word first, then by weight): a flower's head is the
///    closed shapes centred in the upper half of the drawing's bounds; a tree (or cherry
///    blossom) the round shapes other than the largest; leaves the elongated shapes (sides
///    beyond 1 : 1.5, or filling under 60% of their box) in the lower half of the drawing; a
///    building or body the largest shape (at least 1.5% of the image); a roof the largest
///    shape sitting on top of that one; a vase the shapes centred in the lowest 45% of the
///    drawing. Each takes its colour: the named one, else the one people expect (a sunflower
///    yellow, a tree green …); a thing with neither takes nothing.
/// 3. **Named colours win**: a colour word whose thing was not found — or that names no thing —
///    takes the largest regions left until it covers 40% of the painted area; one that did find
///    its thing but covers under 15% of the painted area also takes the largest regions left up
///    to 15%. Several colour words take turns.
/// 4. The rest cycle through the palette's fills (``PaintContext/fillColor(_:)``).
struct RegionColoring: Sendable {
    /// The colour of region `label` (index `label − 1`), or `nil` for the palette's fills.
    var colors: [PaletteColor?]
    /// The label of the region painted as the sun (or moon), if any.
    var sunLabel: Int32?

    /// No regions.
    static let none = RegionColoring(colors: [], sunLabel: nil)

    init(colors: [PaletteColor?], sunLabel: Int32?) {
        self.colors = colors
        self.sunLabel = sunLabel
    }

    init(regions map: RegionMap, lines: Plane, reading: PromptReading) {
        let regions = map.regions, count = regions.count
        var colors = [PaletteColor?](repeating: nil, count: count)
        guard count > 0 else { self.init(colors: [], sunLabel: nil); return }
        let w = map.width, h = map.height, n = Double(w * h)
        let bounds = Self.drawingBounds(lines)
        let midY = (bounds.minY + bounds.maxY) / 2, spanY = max(bounds.maxY - bounds.minY, 1)
        func box(_ r: RegionMap.Region) -> (w: Double, h: Double, fill: Double) {
            let bw = Double(r.maxX - r.minX + 1), bh = Double(r.maxY - r.minY + 1)
            return (bw, bh, Double(r.area) / (bw * bh))
        }
        func isRound(_ r: RegionMap.Region) -> Bool {
            let b = box(r), aspect = b.w / b.h
            return (0.55...0.92).contains(b.fill) && (1 / 1.55...1.55).contains(aspect)
        }
        func isElongated(_ r: RegionMap.Region) -> Bool {
            let b = box(r), aspect = b.w / b.h
            return aspect > 1.5 || aspect < 1 / 1.5 || b.fill < 0.6
        }
        // 1. The sun.
        var sun: Int?
        let sunThing = reading.thing(.sun)
        for (k, r) in regions.enumerated() where isRound(r) && Double(r.area) >= n * 0.001 && r.centerY < Double(h) * 0.5 {
            if Self.rays(of: k, in: map, lines: lines) { sun = k; break }
        }
        if sun == nil, sunThing != nil {
            sun = regions.indices.filter { isRound(regions[$0]) && regions[$0].centerY < Double(h) * 0.4 && Double(regions[$0].area) >= n * 0.001 }
                .min { regions[$0].centerY < regions[$1].centerY }
        }
        if let sun {
            colors[sun] = sunThing.flatMap { $0.named ? $0.color : nil } ?? (reading.isNight ? ObjectLexicon.moonColor : ObjectLexicon.sunColor)
        }
        // 2. Named things, bound ones first, then by weight.
        let largest = Double(regions[0].area) >= n * 0.015 ? 0 : nil
        let ordered = reading.things.enumerated().sorted {
            ($0.element.named ? 1 : 0, $0.element.weight, -$0.offset) > ($1.element.named ? 1 : 0, $1.element.weight, -$1.offset)
        }
        var found = [Bool](repeating: false, count: reading.things.count)
        for (index, thing) in ordered {
            guard let color = thing.color else { continue }
            var take: [Int] = []
            switch thing.entry.cue {
            case .sun, .sky, .ground: continue
            case .flowerHead: take = regions.indices.filter { regions[$0].centerY < midY }
            case .roundPlant: take = regions.indices.filter { $0 != largest && isRound(regions[$0]) }
            case .leaf: take = regions.indices.filter { regions[$0].centerY > midY && isElongated(regions[$0]) }
            case .largest: take = largest.map { [$0] } ?? []
            case .aboveLargest:
                guard let largest else { continue }
                let body = regions[largest]
                take = regions.indices.filter { k in
                    let r = regions[k]
                    let overlap = min(r.maxX, body.maxX) - max(r.minX, body.minX)
                    return k != largest && Double(r.maxY) <= Double(body.minY) + Double(h) * 0.04
                        && Double(r.maxY) >= Double(body.minY) - Double(h) * 0.06 && Double(overlap) >= 0.5 * Double(r.maxX - r.minX)
                }.prefix(1).map { $0 }
            case .lowest: take = regions.indices.filter { regions[$0].centerY > bounds.minY + 0.55 * spanY }
            }
            for k in take where colors[k] == nil {
                colors[k] = color
                found[index] = true
            }
        }
        // 3. Named colours that found no place, or too little.
        let total = Double(regions.reduce(0) { $0 + $1.area })
        var wanted: [(color: PaletteColor, share: Double)] = []
        for named in reading.colors where !wanted.contains(where: { $0.color == named.color }) {
            if let thing = named.thing, found[thing] {
                wanted.append((named.color, 0.15))
            } else {
                wanted.append((named.color, 0.4))
            }
        }
        var free = regions.indices.filter { colors[$0] == nil }  // largest first
        var progress = true
        while progress, !free.isEmpty {
            progress = false
            for (color, share) in wanted {
                let covered = Double(regions.indices.filter { colors[$0] == color }.reduce(0) { $0 + regions[$1].area })
                guard covered < share * total, !free.isEmpty else { continue }
                colors[free.removeFirst()] = color
                progress = true
            }
        }
        self.init(colors: colors, sunLabel: sun.map { Int32($0 + 1) })
    }

    /// Whether region `k` has rays: circles at 1.5 and 1.7 times its radius (from its area)
    /// each cross at least five lines, and at most 30% of them lies in other regions.
    static func rays(of k: Int, in map: RegionMap, lines: Plane) -> Bool {
        let r = map.regions[k], w = map.width, h = map.height
        let radius = (Double(r.area) / Double.pi).squareRoot()
        for scale in [1.5, 1.7] {
            let rr = radius * scale
            let samples = min(max(Int(2 * Double.pi * rr), 90), 720)
            var crossings = 0, inside = 0, outside = 0
            var previous: Bool?, first: Bool?
            for s in 0..<samples {
                let a = Double(s) / Double(samples) * 2 * Double.pi
                let x = Int((r.centerX + cos(a) * rr).rounded()), y = Int((r.centerY + sin(a) * rr).rounded())
                guard x >= 0, y >= 0, x < w, y < h else { outside += 1; continue }
                let i = y * w + x
                let on = lines.values[i] > 0.3
                if map.labels[i] != 0, map.labels[i] != Int32(k + 1) { inside += 1 }
                if first == nil { first = on }
                if let previous, on, !previous { crossings += 1 }
                previous = on
            }
            if let first, let previous, first, !previous { crossings += 1 }
            if crossings < 5 || Double(inside) > 0.3 * Double(samples) || outside > samples / 2 { return false }
        }
        return true
    }

    /// The bounding box of the lines (coverage above 0.3); the whole image without lines.
    static func drawingBounds(_ lines: Plane) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let w = lines.width, h = lines.height
        var minX = w, minY = h, maxX = -1, maxY = -1
        lines.values.withUnsafeBufferPointer { v in
            for y in 0..<h {
                let row = y * w
                for x in 0..<w where v[row + x] > 0.3 {
                    if x < minX { minX = x }
                    if x > maxX { maxX = x }
                    if y < minY { minY = y }
                    maxY = y
                }
            }
        }
        guard maxX >= 0 else { return (0, 0, Double(w - 1), Double(h - 1)) }
        return (Double(minX), Double(minY), Double(maxX), Double(maxY))
    }
}
