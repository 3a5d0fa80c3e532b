/// The `ink` object of the stroke JSON format, for ``CodableDrawing``.
struct CodableInk: Decodable {
    var type: String
    var color: String?
}
