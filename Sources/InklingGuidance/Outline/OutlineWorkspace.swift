import InklingStrokes

/// Reusable buffers for outlining many strokes without allocating per stroke.
struct OutlineWorkspace {
    /// The densified samples of the current stroke.
    var samples: [OutlineSample] = []
    /// Sample indices where a sharp corner splits the outline into capped pieces, in order.
    var corners: [Int] = []
    /// Scratch for smoothing passes.
    var scratch: [Double] = []
    /// The closed outline of a stroke drawn with the `freehand` outline model.
    var polygon: [Point2D] = []

    init() {}

    /// Empties the buffers, keeping their capacity.
    mutating func reset() {
        samples.removeAll(keepingCapacity: true)
        corners.removeAll(keepingCapacity: true)
        polygon.removeAll(keepingCapacity: true)
    }
}
