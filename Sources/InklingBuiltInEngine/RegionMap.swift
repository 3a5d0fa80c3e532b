/// The regions a sketch's lines enclose.
///
/// Algorithm: pixels whose line coverage exceeds 0.3 form a barrier, dilated by `closeRadius`
/// so small gaps in hand-drawn outlines still close. Connected components (4-neighbour) of the
/// remaining pixels that do not touch the image border are *enclosed*; tiny ones (under 0.04%
/// of the image) are dropped. Barrier pixels then take the label of a neighbour for
/// `closeRadius + 2` steps so fills reach under the lines. Labels: 0 = not enclosed,
/// 1…n = ``regions``[label − 1].
///
/// Components are found on runs (maximal horizontal stretches of non-barrier pixels) joined
/// with a union-find to the runs they touch in the row above; they are numbered in the order
/// of their first pixel in raster order, as a flood fill started at each unvisited pixel in
/// raster order would number them.
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
        let barrier = Self.barrier(lines, radius: closeRadius)
        // Runs of non-barrier pixels, row by row: start, end (exclusive) and row; `parent` is
        // the union-find forest over runs (a root is the first run of its component).
        var runStart: [Int32] = [], runEnd: [Int32] = [], runRow: [Int32] = [], parent: [Int32] = []
        barrier.withUnsafeBufferPointer { bar in
            var previous = 0..<0
            for y in 0..<h {
                let row = y * w
                let first = runStart.count
                var x = 0
                while x < w {
                    if bar[row + x] != 0 { x += 1; continue }
                    let s = x
                    while x < w, bar[row + x] == 0 { x += 1 }
                    let id = Int32(runStart.count)
                    runStart.append(Int32(s)); runEnd.append(Int32(x)); runRow.append(Int32(y)); parent.append(id)
                }
                let current = first..<runStart.count
                // Join the runs that share a column with a run of the previous row.
                var p = previous.lowerBound
                for c in current {
                    let cs = runStart[c], ce = runEnd[c]
                    while p < previous.upperBound, runEnd[p] <= cs { p += 1 }
                    var q = p
                    while q < previous.upperBound, runStart[q] < ce {
                        Self.union(&parent, c, q)
                        q += 1
                    }
                }
                previous = current
            }
        }
        // Components in order of their root run, which is their first pixel in raster order.
        let runCount = runStart.count
        var component = [Int32](repeating: 0, count: runCount)
        var infos: [Region] = []
        var touches: [Bool] = []
        var sumX = [Int](), sumY = [Int]()
        for run in 0..<runCount {
            let root = Self.find(&parent, run)
            let k: Int
            if root == run {
                k = infos.count
                infos.append(Region()); touches.append(false); sumX.append(0); sumY.append(0)
            } else {
                k = Int(component[root])
            }
            component[run] = Int32(k)
            let s = Int(runStart[run]), e = Int(runEnd[run]), y = Int(runRow[run]), len = e - s
            infos[k].area += len
            sumX[k] += (s + e - 1) * len / 2
            sumY[k] += y * len
            infos[k].minX = min(infos[k].minX, s); infos[k].maxX = max(infos[k].maxX, e - 1)
            infos[k].minY = min(infos[k].minY, y); infos[k].maxY = max(infos[k].maxY, y)
            if s == 0 || e == w || y == 0 || y == h - 1 { touches[k] = true }
        }
        // Integer sums are exact in a Double (as the pixel-by-pixel sums were).
        for k in infos.indices {
            infos[k].sumX = Double(sumX[k])
            infos[k].sumY = Double(sumY[k])
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
        var labels = [Int32](repeating: 0, count: n)
        labels.withUnsafeMutableBufferPointer { lb in
            for run in 0..<runCount {
                let label = remap[Int(component[run]) + 1]
                if label == 0 { continue }
                let row = Int(runRow[run]) * w
                for i in (row + Int(runStart[run]))..<(row + Int(runEnd[run])) { lb[i] = label }
            }
        }
        Self.grow(&labels, barrier: barrier, width: w, height: h, steps: closeRadius + 2)
        self.labels = labels
        self.regions = regions
    }

    /// A coverage plane (1 inside any enclosed region, 0 elsewhere).
    func insideMask() -> Plane {
        var p = Plane(width: width, height: height)
        for i in labels.indices where labels[i] != 0 { p.values[i] = 1 }
        return p
    }

    /// 1 where `lines` exceeds 0.3 within `radius` pixels (a square, clamped at the edges),
    /// else 0: the thresholded lines dilated. Rows, then columns, in ``Bands``.
    private static func barrier(_ lines: Plane, radius r: Int) -> [UInt8] {
        let w = lines.width, h = lines.height, n = w * h
        var bar = [UInt8](repeating: 0, count: n)
        guard r > 0 else {
            lines.values.withUnsafeBufferPointer { v in
                bar.withUnsafeMutableBufferPointer { b in
                    for i in 0..<n where v[i] > 0.3 { b[i] = 1 }
                }
            }
            return bar
        }
        // Rows: 1 where a line pixel lies within r columns (the nearest one to the left or right).
        var across = [UInt8](repeating: 0, count: n)
        lines.values.withUnsafeBufferPointer { v in
            across.withUnsafeMutableBufferPointer { a in
                let (v, a) = (v.baseAddress!, a.baseAddress!)
                Bands.forEach(h) { rows in
                    for y in rows {
                        let line = v + y * w, out = a + y * w
                        var last = Int.min / 2
                        for x in 0..<w {
                            if line[x] > 0.3 { last = x }
                            if x &- last <= r { out[x] = 1 }
                        }
                        last = Int.max / 2
                        for x in stride(from: w - 1, through: 0, by: -1) {
                            if line[x] > 0.3 { last = x }
                            if last &- x <= r { out[x] = 1 }
                        }
                    }
                }
            }
        }
        // Columns: a running count per column of the rows within r that have one.
        across.withUnsafeBufferPointer { a in
            bar.withUnsafeMutableBufferPointer { b in
                let (a, b) = (a.baseAddress!, b.baseAddress!)
                Bands.forEach(w, grain: 64) { columns in
                    let x0 = columns.lowerBound, m = columns.count
                    let count = UnsafeMutablePointer<Int32>.allocate(capacity: m)
                    defer { count.deallocate() }
                    count.initialize(repeating: 0, count: m)
                    for y in 0..<min(r, h) { let row = a + y * w + x0; for x in 0..<m { count[x] &+= Int32(row[x]) } }
                    for y in 0..<h {
                        if y + r < h { let add = a + (y + r) * w + x0; for x in 0..<m { count[x] &+= Int32(add[x]) } }
                        if y - r - 1 >= 0 { let sub = a + (y - r - 1) * w + x0; for x in 0..<m { count[x] &-= Int32(sub[x]) } }
                        let out = b + y * w + x0
                        for x in 0..<m { out[x] = count[x] > 0 ? 1 : 0 }
                    }
                }
            }
        }
        return bar
    }

    /// Barrier pixels inherit a neighbour's label (left, right, up, down: the first labelled),
    /// growing `steps` steps from the region edge: enough to reach under the line, never
    /// beyond its outer side. Each step reads the labels of the step before. Only pixels next
    /// to one labelled in the step before can take a label in a step, so after a first scan
    /// each step looks at the neighbours of the pixels the step before labelled.
    private static func grow(_ labels: inout [Int32], barrier: [UInt8], width w: Int, height h: Int, steps: Int) {
        guard steps > 0 else { return }
        var found: [(index: Int, label: Int32)] = []
        var candidates: [Int] = [], labelled: [Int] = []
        barrier.withUnsafeBufferPointer { bar in
            labels.withUnsafeMutableBufferPointer { lb in
                /// The label pixel `p` (column `x`) takes from the labels as they are, or 0.
                func inherited(_ p: Int, _ x: Int) -> Int32 {
                    if x > 0, lb[p - 1] != 0 { return lb[p - 1] }
                    if x < w - 1, lb[p + 1] != 0 { return lb[p + 1] }
                    if p >= w, lb[p - w] != 0 { return lb[p - w] }
                    if p < (h - 1) * w, lb[p + w] != 0 { return lb[p + w] }
                    return 0
                }
                // Step 1: every barrier pixel (all unlabelled).
                for y in 0..<h {
                    for x in 0..<w {
                        let p = y * w + x
                        guard bar[p] != 0 else { continue }
                        let label = inherited(p, x)
                        if label != 0 { found.append((p, label)) }
                    }
                }
                for step in 1...steps {
                    if step > 1 {
                        // The unlabelled barrier neighbours of the pixels labelled last step
                        // (some listed more than once: they find the same label each time).
                        found.removeAll(keepingCapacity: true)
                        for p in candidates where lb[p] == 0 {
                            let label = inherited(p, p % w)
                            if label != 0 { found.append((p, label)) }
                        }
                    }
                    guard !found.isEmpty else { return }
                    labelled.removeAll(keepingCapacity: true)
                    for (p, label) in found where lb[p] == 0 {
                        lb[p] = label
                        labelled.append(p)
                    }
                    guard step < steps else { return }
                    candidates.removeAll(keepingCapacity: true)
                    for p in labelled {
                        let x = p % w
                        if x > 0, bar[p - 1] != 0, lb[p - 1] == 0 { candidates.append(p - 1) }
                        if x < w - 1, bar[p + 1] != 0, lb[p + 1] == 0 { candidates.append(p + 1) }
                        if p >= w, bar[p - w] != 0, lb[p - w] == 0 { candidates.append(p - w) }
                        if p < (h - 1) * w, bar[p + w] != 0, lb[p + w] == 0 { candidates.append(p + w) }
                    }
                }
            }
        }
    }

    /// The root of `run`'s tree, halving the path on the way.
    private static func find(_ parent: inout [Int32], _ run: Int) -> Int {
        var r = run
        while Int(parent[r]) != r {
            let up = Int(parent[r])
            parent[r] = parent[up]
            r = up
        }
        return r
    }

    /// Joins the trees of `a` and `b`; the smaller root (the earlier run) stays the root.
    private static func union(_ parent: inout [Int32], _ a: Int, _ b: Int) {
        let ra = find(&parent, a), rb = find(&parent, b)
        if ra < rb { parent[rb] = Int32(ra) } else if rb < ra { parent[ra] = Int32(rb) }
    }
}
