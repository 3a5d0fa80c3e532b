/// The columnar point layout of the stroke JSON format, for ``CodableDrawing``.
struct CodableColumns: Decodable {
    var x: [Double]
    var y: [Double]
    var timeOffset: [Double]?
    var width: [Double]?
    var height: [Double]?
    var opacity: [Double]?
    var force: [Double]?
    var azimuth: [Double]?
    var altitude: [Double]?
    var secondaryScale: [Double]?
    var threshold: [Double]?
}
