import Foundation
import InklingGuidance
import InklingStrokes

/// The latest guidance maps a live renderer made, with the rasters under them, by session and
/// map options: a revision that changed only the prompt or options reuses its drawing's map,
/// and a drawing that only gained strokes since a kept one (the usual case: a stroke ended) has
/// just the new strokes painted onto the kept raster (``GuidanceRenderer/raster(adding:onto:)``).
/// An undo finds the map of the drawing it goes back to, while it is kept.
/// Holds at most ``capacity`` maps, the least recently used forgotten first.
final class GuidanceMapCache: @unchecked Sendable {
    private struct Entry {
        var session: UInt64
        var raster: GuidanceRaster
        var map: GuidanceMap
    }

    /// How the maps asked for were had.
    struct Statistics: Sendable, Hashable {
        /// Painted whole.
        var made = 0
        /// Painted by adding strokes to a kept raster.
        var added = 0
        /// Kept as they were.
        var reused = 0
    }

    /// Most maps kept.
    let capacity: Int
    private let lock = NSLock()
    private var entries: [Entry] = []
    private var counts = Statistics()

    /// An empty cache of at most `capacity` maps.
    init(capacity: Int = 16) {
        self.capacity = max(capacity, 1)
    }

    /// The map of `drawing` for `session` with `renderer`'s options: kept, added to, or made.
    func map(session: UInt64, drawing: Drawing, renderer: GuidanceRenderer) throws -> GuidanceMap {
        let options = renderer.options
        let placement = renderer.placement(of: drawing)
        // The kept raster, placed alike, with the most strokes that begin the drawing.
        let base = lock.withLock { () -> Entry? in
            var best: (index: Int, count: Int)?
            for (index, entry) in entries.enumerated()
            where entry.session == session && entry.raster.options == options && entry.raster.drawingToPixels == placement
                && entry.raster.strokes.count <= drawing.strokes.count && entry.raster.strokes.count > (best?.count ?? -1)
                && drawing.strokes.prefix(entry.raster.strokes.count).elementsEqual(entry.raster.strokes) {
                best = (index, entry.raster.strokes.count)
            }
            guard let best else { return nil }
            let entry = entries.remove(at: best.index)
            entries.append(entry)
            if entry.raster.strokes.count == drawing.strokes.count { counts.reused += 1 }
            return entry
        }
        if let base, base.raster.strokes.count == drawing.strokes.count { return base.map }
        let raster = try base.map { try renderer.raster(adding: drawing, onto: $0.raster) } ?? renderer.raster(drawing)
        let map = renderer.encode(raster)
        lock.withLock {
            if base != nil { counts.added += 1 } else { counts.made += 1 }
            entries.append(Entry(session: session, raster: raster, map: map))
            if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        }
        return map
    }

    /// How the maps asked for so far were had.
    var statistics: Statistics { lock.withLock { counts } }
}
