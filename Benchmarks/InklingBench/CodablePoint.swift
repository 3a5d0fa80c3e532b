/// One point object of the stroke JSON format, every channel but `x` and `y` optional,
/// for ``CodableDrawing``.
struct CodablePoint: Decodable {
    var x: Double
    var y: Double
    var timeOffset: Double?
    var width: Double?
    var height: Double?
    var opacity: Double?
    var force: Double?
    var azimuth: Double?
    var altitude: Double?
    var secondaryScale: Double?
    var threshold: Double?
}
