import InklingBase
import Foundation
import InklingStrokes

/// Rasterizes a drawing on all cores: strokes are outlined in parallel, then the map is painted
/// as horizontal bands in parallel and stitched together.
///
/// Outlining (``StrokeRasterizer/plan(_:toPixels:)``) does not depend on the band, so each
/// stroke is outlined once. Each band is an independent cairo canvas covering a run of rows;
/// geometry stays in map coordinates and is shifted by the band's first row only at the canvas
/// (exactly), and every band fills the same paths in the same order. Cairo's scan conversion
/// of a row depends only on the geometry crossing that row, except at a surface's first and
/// last rows, so each band is drawn with ``overlap`` extra rows that are dropped. Textures stay
/// anchored to the full map's grid. The stitched map therefore has the same pixels whatever the
/// number of bands (a test checks this): output does not depend on the machine's core count.
struct BandedRasterization {
    /// How many bands to cut the rows into (and how many groups of strokes to outline at once).
    var bandCount: Int

    /// Extra rows drawn above and below each band and then discarded.
    static let overlap = 2

    /// Bands at least this tall; smaller maps are not worth splitting.
    static let minimumBandHeight = 64

    /// Bands of at least this many pixels (512 × 512): below it, waking a thread and walking
    /// every stroke once more for the band costs more than painting the rows on one thread.
    /// Measured at 512² with the 2,000-point benchmark drawing on two cores: one band took
    /// 0.29–0.35 ms of CPU and answered no later than two, which took 0.65–0.74 ms of CPU.
    static let minimumBandPixels = 512 * 512

    /// One band per core (or per allowed thread), as many as the map's size allows.
    static func defaultBandCount(width: Int, height: Int, threads: Int?) -> Int {
        let bySize = min(height / minimumBandHeight, width * height / minimumBandPixels)
        return max(1, min(threads ?? ActiveCores.count, bySize, 16))
    }

    /// Renders `drawing` into `width × height` bytes.
    func rasterize(
        _ drawing: Drawing, mode: StrokeRasterizer.Mode, width: Int, height: Int,
        minimumLineWidth: Double, toPixels: AffineTransform2D
    ) throws(GuidanceError) -> [UInt8] {
        let full = StrokeRasterizer(mode: mode, width: width, height: height, minimumLineWidth: minimumLineWidth)
        let count = max(1, min(bandCount, height))
        if count == 1 { return try full.rasterize(drawing, toPixels: toPixels) }

        // Outline groups of strokes with about equal point counts in parallel, keeping order.
        let groups = Self.split(drawing.strokes, into: count)
        let outlined = ConcurrentSlots<[StrokePlan]>(count: groups.count)
        DispatchQueue.concurrentPerform(iterations: groups.count) { i in
            outlined.store(.success(groups[i].compactMap { full.plan($0, toPixels: toPixels) }), at: i)
        }
        var plans: [StrokePlan] = []
        for group in outlined.all() { plans += try group.get() }

        // Paint each band, with `overlap` extra rows either side that are dropped.
        let overlap = Self.overlap
        let bands = (0..<count).map { i in (height * i / count)..<(height * (i + 1) / count) }
        let painted = ConcurrentSlots<[UInt8]>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { [plans] i in
            let rows = bands[i]
            let drawn = max(0, rows.lowerBound - overlap)..<min(height, rows.upperBound + overlap)
            let band = StrokeRasterizer(
                mode: mode, width: width, height: drawn.count, minimumLineWidth: minimumLineWidth,
                originY: drawn.lowerBound, mapHeight: height)
            do throws(GuidanceError) {
                let pixels = try band.paint(plans)
                let start = (rows.lowerBound - drawn.lowerBound) * width
                painted.store(.success(Array(pixels[start..<start + rows.count * width])), at: i)
            } catch {
                painted.store(.failure(error), at: i)
            }
        }
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height)
        for band in painted.all() { pixels += try band.get() }
        return pixels
    }

    /// Splits strokes into at most `count` consecutive groups with about equal point counts.
    static func split(_ strokes: [Stroke], into count: Int) -> [ArraySlice<Stroke>] {
        let total = max(1, strokes.reduce(0) { $0 + $1.path.count })
        var groups: [ArraySlice<Stroke>] = []
        var start = 0, seen = 0
        for (i, stroke) in strokes.enumerated() {
            seen += stroke.path.count
            if seen * count >= total * (groups.count + 1) && groups.count < count - 1 {
                groups.append(strokes[start...i])
                start = i + 1
            }
        }
        groups.append(strokes[start...])
        return groups
    }
}

/// Results filled in concurrently, one slot per task, read back in order once all are done.
private final class ConcurrentSlots<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<Value, GuidanceError>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ result: Result<Value, GuidanceError>, at index: Int) {
        lock.withLock { slots[index] = result }
    }

    func all() -> [Result<Value, GuidanceError>] {
        lock.withLock { slots.map { $0 ?? .failure(.cairo("a parallel task did not finish")) } }
    }
}
