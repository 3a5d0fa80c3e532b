/// The `canvas` object of the stroke JSON format, for ``CodableDrawing``.
struct CodableCanvas: Decodable {
    var width: Double
    var height: Double
}
