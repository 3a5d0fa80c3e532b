import Foundation

/// `PKDrawing` ⇄ stroke JSON, point for point, with PencilKit's conventions: coordinates in the
/// canvas's points (y down, as stroke JSON), each stroke in its own space under its transform,
/// time offsets per stroke from the path's creation date (written as seconds since 1970),
/// azimuth and altitude in radians, force as `UITouch.force` (1 an average touch), masks as
/// polygons, the ink's type by name and its colour to 8 bits a component.
extension InkDrawing {
    /// The drawing of a PencilKit drawing, on `canvas` when given (the `PKCanvasView`'s bounds
    /// size, so the server fits the canvas rather than the strokes). An azimuth below 0 (PencilKit
    /// may give −π…π) is turned into 0…2π, the same direction; every other value is kept as is.
    public init(pencilKit drawing: some PencilKitDrawingConvertible, canvas: InkCanvas? = nil) {
        self.init(canvas: canvas, strokes: drawing.pencilKitStrokes.map(InkStroke.init(pencilKit:)))
    }

    /// A PencilKit drawing of these strokes (build a `PKDrawing` with `drawing.pencilKit(as: PKDrawing.self)`).
    /// A shape has no PencilKit equivalent and is left behind; colours are `byte / 255`.
    public func pencilKit<D: PencilKitDrawingConvertible>(as type: D.Type = D.self) -> D {
        D(pencilKitStrokes: strokes.map(\.pencilKitFields))
    }
}
