/// The regions a sketch's lines enclose.
///
/// Algorithm: pixels whose line coverage exceeds 0.3 form a barrier, dilated by `closeRadius`
/// so small gaps in hand-drawn outlines still close. Connected components (4-neighbour, flood
/// fill with an explicit stack) of the remaining pixels that do not touch the image border are
/// *enclosed*; tiny ones (under 0.04% of the image) are dropped. Barrier pixels then take the
/// label of a neighbour for `closeRadius + 2` steps so fills reach under the lines. Labels: 0 = not enclosed,
/// 1…n = ``regions``[label − 1].
struct RegionMap {
    struct Region {
        var area = 0
        var sumX = 0.0, sumY = 0.0
        var minX = Int.max, minY = Int.max, maxX = 0, maxY = 0
        var centerX: Double { sumX / Double(max(area, 1)) }
        var centerY: Double { sumY / Double(max(area, 1)) }
    }

    let width: Int
    let height: Int
    var labels: [Int32]
    var regions: [Region]

    /// No regions at all (no sketch).
    init(empty width: Int, _ height: Int) {
        self.width = width
        self.height = height
        labels = [Int32](repeating: 0, count: width * height)
        regions = []
    }

    init(lines: Plane, closeRadius: Int, minimumArea: Int? = nil) {
        width = lines.width
        height = lines.height
        let w = width, h = height, n = w * h
        var barrier = lines
        for i in 0..<n { barrier.values[i] = barrier.values[i] > 0.3 ? 1 : 0 }
        barrier.dilate(radius: closeRadius)
        var comp = [Int32](repeating: 0, count: n)  // 0 unvisited/barrier, k component
        var infos: [Region] = []
        var touches: [Bool] = []
        var stack: [Int] = []
        stack.reserveCapacity(4096)
        barrier.values.withUnsafeBufferPointer { bar in
            comp.withUnsafeMutableBufferPointer { cp in
                for start in 0..<n where bar[start] == 0 && cp[start] == 0 {
                    let id = Int32(infos.count + 1)
                    var info = Region()
                    var border = false
                    cp[start] = id
                    stack.append(start)
                    while let p = stack.popLast() {
                        let x = p % w, y = p / w
                        info.area += 1
                        info.sumX += Double(x)
                        info.sumY += Double(y)
                        info.minX = min(info.minX, x); info.maxX = max(info.maxX, x)
                        info.minY = min(info.minY, y); info.maxY = max(info.maxY, y)
                        if x == 0 || y == 0 || x == w - 1 || y == h - 1 { border = true }
                        if x > 0, bar[p - 1] == 0, cp[p - 1] == 0 { cp[p - 1] = id; stack.append(p - 1) }
                        if x < w - 1, bar[p + 1] == 0, cp[p + 1] == 0 { cp[p + 1] = id; stack.append(p + 1) }
                        if y > 0, bar[p - w] == 0, cp[p - w] == 0 { cp[p - w] = id; stack.append(p - w) }
                        if y < h - 1, bar[p + w] == 0, cp[p + w] == 0 { cp[p + w] = id; stack.append(p + w) }
                    }
                    infos.append(info)
                    touches.append(border)
                }
            }
        }
        // Keep enclosed components of a useful size, largest first for a stable colour order.
        let minArea = minimumArea ?? max(16, n / 2500)
        let kept = infos.indices.filter { !touches[$0] && infos[$0].area >= minArea }
            .sorted { infos[$0].area != infos[$1].area ? infos[$0].area > infos[$1].area : $0 < $1 }
            
        var remap = [Int32](repeating: 0, count: infos.count + 1)
        var regions: [Region] = []
        for c in kept {
            regions.append(infos[c])
            remap[c + 1] = Int32(regions.count)
        }
        var labels = comp.map { remap[Int($0)] }
        // Barrier pixels inherit a neighbour's label, growing closeRadius + 2 steps from the
        // region edge: enough to reach under the line, never beyond its outer side.
        var next = labels
        barrier.values.withUnsafeBufferPointer { bar in
            for _ in 0..<(closeRadius + 2) {
                labels.withUnsafeBufferPointer { lb in
                    next.withUnsafeMutableBufferPointer { nx in
                        for y in 0..<h {
                            for x in 0..<w {
                                let p = y * w + x
                                guard bar[p] != 0, lb[p] == 0 else { continue }
                                if x > 0, lb[p - 1] != 0 { nx[p] = lb[p - 1] }
                                else if x < w - 1, lb[p + 1] != 0 { nx[p] = lb[p + 1] }
                                else if y > 0, lb[p - w] != 0 { nx[p] = lb[p - w] }
                                else if y < h - 1, lb[p + w] != 0 { nx[p] = lb[p + w] }
                            }
                        }
                    }
                }
                labels = next
            }
        }
        self.labels = labels
        self.regions = regions
    }

    /// A coverage plane (1 inside any enclosed region, 0 elsewhere).
    func insideMask() -> Plane {
        var p = Plane(width: width, height: height)
        for i in labels.indices where labels[i] != 0 { p.values[i] = 1 }
        return p
    }
}
