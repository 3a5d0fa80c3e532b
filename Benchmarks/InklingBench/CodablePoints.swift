/// A stroke's points in either layout of the stroke JSON format, for ``CodableDrawing``.
enum CodablePoints: Decodable {
    /// An array of point objects.
    case objects([CodablePoint])
    /// Parallel arrays, one per channel.
    case columns(CodableColumns)

    /// The number of points.
    var count: Int {
        switch self {
        case .objects(let points): points.count
        case .columns(let columns): columns.x.count
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let points = try? container.decode([CodablePoint].self) {
            self = .objects(points)
        } else {
            self = .columns(try container.decode(CodableColumns.self))
        }
    }
}
