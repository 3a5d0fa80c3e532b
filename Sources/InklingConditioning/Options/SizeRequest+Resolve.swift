import Foundation

extension SizeRequest {
    /// The supported size this request picks from an engine's table.
    ///
    /// - ``engineDefault``: the first size of the table (engines list their default first).
    /// - ``closest(to:)``: the size whose aspect ratio is closest, comparing
    ///   `|ln(w/h) − ln(W/H)|` (so 2:1 and 1:2 are equally far from 1:1); among sizes with
    ///   the same ratio (within 1e-9), the one with the closest pixel count, comparing
    ///   `|ln(w·h) − ln(W·H)|`; remaining ties go to the earlier entry.
    ///
    /// Examples with the table `[1024×1024, 1152×896, 896×1152, 1216×832, 832×1216, 512×512]`:
    /// - `closest(to: 1920×1080)` → 1216×832 (16:9 ≈ 1.78; 1.46 is the widest on offer);
    /// - `closest(to: 600×600)` → 512×512 (square; 600² is nearer 512² than 1024² in log-area);
    /// - `closest(to: 800×1000)` → 896×1152 (0.8 vs 0.78).
    ///
    /// An empty table gives the requested size itself (`closest`) or 1024×1024
    /// (`engineDefault`); a request with one non-positive side asks for a square of the other
    /// side, one with two asks for the table's first size. Table entries with a non-positive
    /// side are never picked.
    public func resolve(among sizes: [PixelSize]) -> PixelSize {
        switch self {
        case .engineDefault:
            return sizes.first ?? PixelSize(width: 1024, height: 1024)
        case .closest(let target):
            let valid = sizes.filter { $0.width > 0 && $0.height > 0 }
            guard !valid.isEmpty else { return target }
            guard target.width > 0 || target.height > 0 else { return valid[0] }
            var best = valid[0]
            var bestMiss = SizeMiss.farthest
            for size in valid {
                guard let miss = miss(of: size) else { continue }
                if miss.isCloser(than: bestMiss) {
                    best = size
                    bestMiss = miss
                }
            }
            return best
        }
    }

    /// How far `size` is from what a ``closest(to:)`` request asks for, by the rule of
    /// ``resolve(among:)``; `nil` for ``engineDefault``, for a request with no positive side, and
    /// for a `size` with a non-positive side.
    public func miss(of size: PixelSize) -> SizeMiss? {
        guard case .closest(let target) = self, target.width > 0 || target.height > 0, size.width > 0, size.height > 0 else { return nil }
        // One non-positive side: a square of the other.
        let tw = Double(target.width > 0 ? target.width : target.height)
        let th = Double(target.height > 0 ? target.height : target.width)
        let w = Double(size.width), h = Double(size.height)
        return SizeMiss(ratio: abs(log(w / h) - log(tw / th)), area: abs(log(w) + log(h) - (log(tw) + log(th))))
    }
}
