/// A drawing that reads and builds itself as PencilKit's fields: `PKDrawing` conforms on Apple
/// platforms (`PKDrawing+InklingClient.swift`), and the tests' mirror types on Linux, so the
/// mapping in ``InkDrawing/init(pencilKit:canvas:)`` is the same code for both.
public protocol PencilKitDrawingConvertible {
    /// The strokes in painting order, as PencilKit's fields.
    var pencilKitStrokes: [PencilKitStrokeFields] { get }
    /// A drawing of these strokes.
    init(pencilKitStrokes: [PencilKitStrokeFields])
}
