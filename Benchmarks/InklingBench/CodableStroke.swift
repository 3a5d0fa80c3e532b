/// One stroke of the stroke JSON format, for ``CodableDrawing``.
struct CodableStroke: Decodable {
    var ink: CodableInk?
    var creationDate: Double?
    var randomSeed: UInt32?
    var transform: [Double]?
    var mask: [[[Double]]]?
    var points: CodablePoints
}
