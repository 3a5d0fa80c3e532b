@testable import InklingBuiltInEngine
import XCTest

/// The built-in engine's fast image kernels give bit for bit what the plain versions they
/// replaced gave (kept here as the reference): box blur, dilation, region labelling, value noise.
final class BuiltInKernelsTests: XCTestCase {
    /// Sizes that exercise rows shorter than the window, odd remainders of the four-row blocks and 1-pixel images.
    let sizes = [(1, 1), (1, 7), (7, 1), (2, 3), (5, 9), (33, 17), (64, 61), (101, 38)]

    func testBlurMatchesTheRunningSumReference() {
        for (w, h) in sizes {
            let plane = Self.randomPlane(w, h, seed: UInt64(w * 1000 + h))
            for radius in [1, 2, 3, 7, 40] {
                for passes in [1, 2, 3] {
                    var fast = plane
                    fast.blur(radius: radius, passes: passes)
                    var slow = plane
                    Self.referenceBlur(&slow, radius: radius, passes: passes)
                    Self.assertSame(Self.bits(fast), Self.bits(slow), "blur \(w)×\(h) r\(radius) ×\(passes)")
                    Self.assertSame(Self.bits(plane.blurred(radius: radius, passes: passes)), Self.bits(slow), "blurred \(w)×\(h) r\(radius)")
                }
            }
        }
    }

    func testDilateMatchesTheWindowReference() {
        for (w, h) in sizes {
            var plane = Self.randomPlane(w, h, seed: UInt64(w * 7 + h))
            // Values that only a careful maximum gets right: NaN, −0 and negatives count as 0.
            for i in plane.values.indices where i % 5 == 1 { plane.values[i] = [-.nan, -0.0, -0.5, .nan, 0][i % 4] }
            for radius in [1, 2, 3, 5, 12, 50] {
                var fast = plane
                fast.dilate(radius: radius)
                var slow = plane
                Self.referenceDilate(&slow, radius: radius)
                Self.assertSame(Self.bits(fast), Self.bits(slow), "dilate \(w)×\(h) r\(radius)")
            }
        }
    }

    func testRegionMapMatchesTheFloodFillReference() {
        for (w, h) in sizes + [(120, 90), (257, 128)] {
            for seed in 0..<4 {
                let lines = Self.randomLines(w, h, seed: UInt64(seed * 31 + w))
                for closeRadius in [0, 1, 2, 4] {
                    for minimumArea in [nil, 1] as [Int?] {
                        let fast = RegionMap(lines: lines, closeRadius: closeRadius, minimumArea: minimumArea)
                        let slow = Self.referenceRegions(lines, closeRadius: closeRadius, minimumArea: minimumArea)
                        Self.assertSame(fast.labels, slow.labels, "labels \(w)×\(h) seed \(seed) r\(closeRadius)")
                        XCTAssertEqual(fast.regions.map(\.area), slow.regions.map(\.area))
                        XCTAssertEqual(fast.regions.map(\.sumX), slow.regions.map(\.sumX))
                        XCTAssertEqual(fast.regions.map(\.sumY), slow.regions.map(\.sumY))
                        XCTAssertEqual(fast.regions.map { [$0.minX, $0.maxX, $0.minY, $0.maxY] },
                                       slow.regions.map { [$0.minX, $0.maxX, $0.minY, $0.maxY] })
                    }
                }
            }
        }
    }

    func testNoiseMatchesThePerPixelReference() {
        for (w, h) in sizes + [(300, 200)] {
            for (cell, octaves, stretch) in [(3.0, 1, 1.0), (17.5, 3, 1.0), (40, 2, 6.0), (0.5, 3, 1.0), (500, 4, 1.0)] {
                let seed = UInt64(w + h) &* 977
                let fast = Noise.fractal(width: w, height: h, cell: cell, octaves: octaves, seed: seed, stretchX: stretch)
                let slow = Self.referenceFractal(width: w, height: h, cell: cell, octaves: octaves, seed: seed, stretchX: stretch)
                Self.assertSame(Self.bits(fast), Self.bits(slow), "noise \(w)×\(h) cell \(cell) ×\(octaves)")
            }
        }
    }

    // MARK: - References: the plain versions the kernels replaced

    static func referenceBlur(_ plane: inout Plane, radius r: Int, passes: Int) {
        let w = plane.width, h = plane.height
        let inv = 1 / Float(2 * r + 1)
        for _ in 0..<passes {
            for y in 0..<h {
                let ln = Array(plane.values[(y * w)..<(y * w + w)])
                var sum: Float = 0
                for k in -r...r { sum += ln[min(max(k, 0), w - 1)] }
                for x in 0..<w {
                    plane.values[y * w + x] = sum * inv
                    sum += ln[min(x + r + 1, w - 1)] - ln[max(x - r, 0)]
                }
            }
            let src = plane.values
            var acc = [Float](repeating: 0, count: w)
            for k in -r...r {
                let row = min(max(k, 0), h - 1) * w
                for x in 0..<w { acc[x] += src[row + x] }
            }
            for y in 0..<h {
                let add = min(y + r + 1, h - 1) * w, sub = max(y - r, 0) * w
                for x in 0..<w {
                    plane.values[y * w + x] = acc[x] * inv
                    acc[x] += src[add + x] - src[sub + x]
                }
            }
        }
    }

    static func referenceDilate(_ plane: inout Plane, radius r: Int) {
        let w = plane.width, h = plane.height
        var tmp = plane.values
        for y in 0..<h {
            for x in 0..<w {
                var m: Float = 0
                for k in max(x - r, 0)...min(x + r, w - 1) where plane.values[y * w + k] > m { m = plane.values[y * w + k] }
                tmp[y * w + x] = m
            }
        }
        for y in 0..<h {
            for x in 0..<w {
                var m: Float = 0
                for k in max(y - r, 0)...min(y + r, h - 1) where tmp[k * w + x] > m { m = tmp[k * w + x] }
                plane.values[y * w + x] = m
            }
        }
    }

    static func referenceRegions(_ lines: Plane, closeRadius: Int, minimumArea: Int?) -> (labels: [Int32], regions: [RegionMap.Region]) {
        let w = lines.width, h = lines.height, n = w * h
        var barrier = lines
        for i in 0..<n { barrier.values[i] = barrier.values[i] > 0.3 ? 1 : 0 }
        referenceDilate(&barrier, radius: closeRadius)
        let bar = barrier.values
        var comp = [Int32](repeating: 0, count: n)
        var infos: [RegionMap.Region] = []
        var touches: [Bool] = []
        var stack: [Int] = []
        for start in 0..<n where bar[start] == 0 && comp[start] == 0 {
            let id = Int32(infos.count + 1)
            var info = RegionMap.Region()
            var border = false
            comp[start] = id
            stack.append(start)
            while let p = stack.popLast() {
                let x = p % w, y = p / w
                info.area += 1
                info.sumX += Double(x)
                info.sumY += Double(y)
                info.minX = min(info.minX, x); info.maxX = max(info.maxX, x)
                info.minY = min(info.minY, y); info.maxY = max(info.maxY, y)
                if x == 0 || y == 0 || x == w - 1 || y == h - 1 { border = true }
                if x > 0, bar[p - 1] == 0, comp[p - 1] == 0 { comp[p - 1] = id; stack.append(p - 1) }
                if x < w - 1, bar[p + 1] == 0, comp[p + 1] == 0 { comp[p + 1] = id; stack.append(p + 1) }
                if y > 0, bar[p - w] == 0, comp[p - w] == 0 { comp[p - w] = id; stack.append(p - w) }
                if y < h - 1, bar[p + w] == 0, comp[p + w] == 0 { comp[p + w] = id; stack.append(p + w) }
            }
            infos.append(info)
            touches.append(border)
        }
        let minArea = minimumArea ?? max(16, n / 2500)
        let kept = infos.indices.filter { !touches[$0] && infos[$0].area >= minArea }
            .sorted { infos[$0].area != infos[$1].area ? infos[$0].area > infos[$1].area : $0 < $1 }
        var remap = [Int32](repeating: 0, count: infos.count + 1)
        var regions: [RegionMap.Region] = []
        for c in kept {
            regions.append(infos[c])
            remap[c + 1] = Int32(regions.count)
        }
        var labels = comp.map { remap[Int($0)] }
        var next = labels
        for _ in 0..<(closeRadius + 2) {
            for y in 0..<h {
                for x in 0..<w {
                    let p = y * w + x
                    guard bar[p] != 0, labels[p] == 0 else { continue }
                    if x > 0, labels[p - 1] != 0 { next[p] = labels[p - 1] }
                    else if x < w - 1, labels[p + 1] != 0 { next[p] = labels[p + 1] }
                    else if y > 0, labels[p - w] != 0 { next[p] = labels[p - w] }
                    else if y < h - 1, labels[p + w] != 0 { next[p] = labels[p + w] }
                }
            }
            labels = next
        }
        return (labels, regions)
    }

    static func referenceValue(width: Int, height: Int, cell: Double, seed: UInt64, stretchX: Double) -> Plane {
        var plane = Plane(width: width, height: height)
        let cx = max(cell * stretchX, 1), cy = max(cell, 1)
        let gw = Int(Double(width) / cx) + 3, gh = Int(Double(height) / cy) + 3
        var rng = PaintRandom(seed: seed)
        let g = (0..<(gw * gh)).map { _ in Float(rng.unit() * 2 - 1) }
        for y in 0..<height {
            let fy = (Double(y) + 0.5) / cy
            let yi = Int(fy)
            var ty = Float(fy - Double(yi))
            ty = ty * ty * (3 - 2 * ty)
            let r0 = yi * gw, r1 = (yi + 1) * gw
            for x in 0..<width {
                let fx = (Double(x) + 0.5) / cx
                let i = Int(fx)
                var t = Float(fx - Double(i))
                t = t * t * (3 - 2 * t)
                let a = g[r0 + i] + (g[r0 + i + 1] - g[r0 + i]) * t
                let b = g[r1 + i] + (g[r1 + i + 1] - g[r1 + i]) * t
                plane.values[y * width + x] = a + (b - a) * ty
            }
        }
        return plane
    }

    static func referenceFractal(width: Int, height: Int, cell: Double, octaves: Int, seed: UInt64, stretchX: Double) -> Plane {
        var result = referenceValue(width: width, height: height, cell: cell, seed: seed, stretchX: stretchX)
        var amplitude: Float = 0.5, total: Float = 1, c = cell
        for octave in 1..<max(octaves, 1) {
            c /= 2
            let layer = referenceValue(width: width, height: height, cell: c, seed: PaintRandom.mix(seed, UInt64(octave)), stretchX: stretchX)
            for i in result.values.indices { result.values[i] += layer.values[i] * amplitude }
            total += amplitude
            amplitude *= 0.5
        }
        let inv = 1 / total
        for i in result.values.indices { result.values[i] *= inv }
        return result
    }

    // MARK: - Inputs

    /// Values in `0 ... 1` with runs of zeros and ones (like coverage).
    static func randomPlane(_ w: Int, _ h: Int, seed: UInt64) -> Plane {
        var rng = PaintRandom(seed: seed)
        var plane = Plane(width: w, height: h)
        for i in plane.values.indices {
            let u = rng.unit()
            plane.values[i] = u < 0.3 ? 0 : u > 0.8 ? 1 : Float(rng.unit())
        }
        return plane
    }

    /// Random outlines: rectangles and scattered dots, some touching the border.
    static func randomLines(_ w: Int, _ h: Int, seed: UInt64) -> Plane {
        var rng = PaintRandom(seed: seed)
        var plane = Plane(width: w, height: h)
        for _ in 0..<6 {
            let x0 = rng.below(w), y0 = rng.below(h)
            let x1 = min(w - 1, x0 + rng.below(max(1, w / 2))), y1 = min(h - 1, y0 + rng.below(max(1, h / 2)))
            let v = Float(0.2 + 0.8 * rng.unit())
            for x in x0...x1 { plane.values[y0 * w + x] = v; plane.values[y1 * w + x] = v }
            for y in y0...y1 { plane.values[y * w + x0] = v; plane.values[y * w + x1] = v }
        }
        for i in plane.values.indices where rng.unit() < 0.03 { plane.values[i] = 1 }
        return plane
    }

    static func bits(_ plane: Plane) -> [UInt32] { plane.values.map(\.bitPattern) }

    /// Fails with the first differing element (not the whole arrays) unless `a == b`.
    static func assertSame<T: Equatable>(_ a: [T], _ b: [T], _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        guard a != b else { return }
        let i = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        XCTFail("\(what): \(a.count) vs \(b.count) elements, first difference at \(i): "
                + "\(i < a.count ? "\(a[i])" : "–") vs \(i < b.count ? "\(b[i])" : "–")", file: file, line: line)
    }
}
