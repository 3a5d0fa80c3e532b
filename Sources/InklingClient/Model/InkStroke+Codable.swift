/// A stroke reads either point layout and writes the one `userInfo[InkPointLayout.userInfoKey]`
/// names (objects by default), keys in the canonical writer's order.
extension InkStroke: Codable {
    private enum CodingKeys: String, CodingKey { case ink, creationDate, randomSeed, transform, mask, points }

    /// Reads a stroke object; `points` is an array of point objects or an object of columns.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        ink = try c.decodeIfPresent(StrokeInk.self, forKey: .ink) ?? StrokeInk()
        creationDate = try c.decodeIfPresent(Double.self, forKey: .creationDate) ?? 0
        let seed = try c.decodeIfPresent(Double.self, forKey: .randomSeed) ?? 0
        guard seed >= 0, seed <= Double(UInt32.max), seed == seed.rounded() else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: c.codingPath + [CodingKeys.randomSeed], debugDescription: "expected an integer 0…4294967295, got \(seed)"))
        }
        randomSeed = UInt32(seed)
        transform = try c.decodeIfPresent(InkTransform.self, forKey: .transform) ?? .identity
        mask = try c.decodeIfPresent([[InkVertex]].self, forKey: .mask)
        if let masks = mask, let short = masks.firstIndex(where: { $0.count < 3 }) {
            throw DecodingError.dataCorrupted(.init(
                codingPath: c.codingPath + [CodingKeys.mask], debugDescription: "mask polygon \(short): expected at least 3 vertices, got \(masks[short].count)"))
        }
        if (try? c.nestedUnkeyedContainer(forKey: .points)) != nil {
            points = try c.decode([InkPoint].self, forKey: .points)
        } else {
            points = try Self.readColumns(try c.nestedContainer(keyedBy: InkPointChannel.self, forKey: .points))
        }
        guard !points.isEmpty else {
            throw DecodingError.dataCorrupted(.init(codingPath: c.codingPath + [CodingKeys.points], debugDescription: "expected at least one point, got none"))
        }
    }

    /// Points from a columnar object: every column as long as `x`.
    private static func readColumns(_ c: KeyedDecodingContainer<InkPointChannel>) throws -> [InkPoint] {
        let xs = try c.decode([Double].self, forKey: .x)
        let ys = try c.decode([Double].self, forKey: .y)
        var points = zip(xs, ys).map { InkPoint(x: $0, y: $1) }
        for channel in InkPointChannel.allCases.dropFirst() {
            guard let column = try c.decodeIfPresent([Double].self, forKey: channel) else { continue }
            guard column.count == xs.count else {
                throw DecodingError.dataCorrupted(.init(
                    codingPath: c.codingPath + [channel], debugDescription: "expected \(xs.count) values (as many as x), got \(column.count)"))
            }
            for i in points.indices { points[i][keyPath: channel.keyPath] = column[i] }
        }
        return points
    }

    /// Writes the stroke; optional members only when they differ from their defaults.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(ink, forKey: .ink)
        if creationDate.bitPattern != 0 { try c.encode(creationDate, forKey: .creationDate) }
        if randomSeed != 0 { try c.encode(randomSeed, forKey: .randomSeed) }
        if !transform.isIdentity { try c.encode(transform, forKey: .transform) }
        try c.encodeIfPresent(mask, forKey: .mask)
        switch encoder.userInfo[InkPointLayout.userInfoKey] as? InkPointLayout ?? .objects {
        case .objects:
            try c.encode(points, forKey: .points)
        case .columnar:
            var columns = c.nestedContainer(keyedBy: InkPointChannel.self, forKey: .points)
            for channel in InkPointChannel.allCases where points.contains(where: { !channel.canOmit($0[keyPath: channel.keyPath]) }) {
                try columns.encode(points.map { $0[keyPath: channel.keyPath] }, forKey: channel)
            }
        }
    }
}
