import Foundation

/// A drawing as packed little-endian numbers: how a cluster's job carries its drawing from the
/// front end that decoded it to the worker that paints it, written and read without parsing.
///
/// Every value of the model is kept exactly (bit for bit), so a drawing read back is equal to
/// the one written. The layout, version 3:
///
/// ```
/// "INKP" 0x03                      magic and version
/// u8 flags                         bit 0: a canvas follows
/// [f64 width, f64 height]          the canvas
/// u32 strokes, then per stroke:
///   u8 n, n bytes                  the ink type's name (UTF-8)
///   f64 × 4                        colour: red, green, blue, alpha
///   u16 shape bits                 bits 0–5: size, thinning, smoothing, streamline, taperStart,
///                                  taperEnd follow; bit 6: simulatePressure given, bit 7: its
///                                  value; bits 8–9: preset (0 none, 1 ink, 2 freehand);
///                                  bit 10: an extension byte follows
///   [u8 extension]                 bits 0–4: easing (0 none, else 1 + its index in
///                                  StrokeEasing.allCases); bit 5: last given, bit 6: its value
///   f64 per field present          in that order
///   f64 × 6                        transform: a, b, c, d, tx, ty
///   u32                            random seed
///   f64                            creation date, seconds since 1970
///   u32 polygons (0xFFFFFFFF: no mask), then per polygon: u32 vertices, f64 × 2 each
///   u32 points n
///   u16 channels that vary         bit i for channel i of: x, y, timeOffset, width, height,
///                                  opacity, force, azimuth, altitude, secondaryScale,
///                                  threshold; x and y are always written as varying
///   per channel: a column of n values (``PackedColumn``: decimal integers, delta-coded, or
///                                  f64 × n) if it varies, else one f64 for every point
/// ```
///
/// Version 2, which front ends wrote before, is still read and can still be written: the same
/// but for the varying channels, written as f64 × n with no scale byte. A cluster's front end
/// writes version 2 while any worker that may take the job reads no newer (workers built before
/// version 3 refuse it).
///
/// Reading is hostile-safe: every count is checked against the limits and against the bytes
/// left before anything is allocated, trailing bytes are refused, and the numbers are checked
/// as the stroke JSON decoder checks them (``StrokeJSONDecoder/Limits/firstNumericViolation(in:)``).
public enum PackedDrawing {
    /// The newest version this build writes and reads.
    public static let newestVersion = 3
    /// The oldest version this build writes and reads.
    public static let oldestVersion = 2

    /// The first five bytes: `INKP` and the version written.
    static let header: [UInt8] = Array("INKP".utf8) + [3]
    /// The fewest bytes of one point in version 3: its x and y, a byte each (8 each in version 2).
    static let pointBytes = 2
    /// The point channels, in their packed order (that of ``PointChannel``).
    static let channels = PointChannel.allCases
    /// The fewest bytes of one stroke in version 3: an empty name, colour, shape bits,
    /// transform, seed, date, mask and point counts, channel flags, and eleven empty columns.
    static let minimumStrokeBytes = 1 + 10 * 8 + 2 + 4 + 8 + 4 + 4 + 2 + 11
    /// The polygon count that stands for "no mask".
    static let noMask = UInt32.max

    /// The drawing's packed bytes in the newest version.
    public static func encode(_ drawing: Drawing) -> [UInt8] { encode(drawing, version: newestVersion) }

    /// The drawing's packed bytes in `version`, clamped to the versions this build writes
    /// (``oldestVersion`` to ``newestVersion``): 2 for a reader built before version 3.
    public static func encode(_ drawing: Drawing, version: Int) -> [UInt8] {
        let version = min(max(version, oldestVersion), newestVersion)
        var out = Array(header.prefix(4)) + [UInt8(version)]
        out.reserveCapacity(64 + drawing.strokes.count * 160 + drawing.pointCount * 8)
        var column: [Double] = []
        out.append(drawing.canvas == nil ? 0 : 1)
        if let canvas = drawing.canvas { append(canvas.width, to: &out); append(canvas.height, to: &out) }
        append(UInt32(drawing.strokes.count), to: &out)
        for stroke in drawing.strokes {
            let name = Array(stroke.ink.type.rawValue.utf8)
            out.append(UInt8(name.count))
            out += name
            let c = stroke.ink.color, t = stroke.transform
            for v in [c.red, c.green, c.blue, c.alpha] { append(v, to: &out) }
            appendShape(stroke.ink.shape, to: &out)
            for v in [t.a, t.b, t.c, t.d, t.tx, t.ty] { append(v, to: &out) }
            append(stroke.randomSeed, to: &out)
            append(stroke.path.creationDate.timeIntervalSince1970, to: &out)
            if let mask = stroke.mask {
                append(UInt32(mask.polygons.count), to: &out)
                for polygon in mask.polygons {
                    append(UInt32(polygon.count), to: &out)
                    for vertex in polygon { append(vertex.x, to: &out); append(vertex.y, to: &out) }
                }
            } else {
                append(noMask, to: &out)
            }
            let points = stroke.path.points
            append(UInt32(points.count), to: &out)
            var varying: UInt16 = 0b11
            for channel in channels.dropFirst(2) {
                if let first = points.first.map(channel.value(in:)), points.contains(where: { channel.value(in: $0).bitPattern != first.bitPattern }) {
                    varying |= 1 << channel.rawValue
                }
            }
            withUnsafeBytes(of: varying.littleEndian) { out.append(contentsOf: $0) }
            for channel in channels {
                if varying & (1 << channel.rawValue) != 0 {
                    column.removeAll(keepingCapacity: true)
                    for point in points { column.append(channel.value(in: point)) }
                    if version == 2 {
                        for v in column { append(v, to: &out) }
                    } else {
                        PackedColumn.append(column, to: &out)
                    }
                } else {
                    append(points.first.map(channel.value(in:)) ?? 0, to: &out)
                }
            }
        }
        return out
    }

    /// Reads packed bytes back under `limits` (bytes, strokes, points and the numbers' ranges).
    ///
    /// - Throws: ``PackedDrawingError`` saying what was wrong and at which byte.
    public static func decode(_ bytes: [UInt8], limits: StrokeJSONDecoder.Limits = .default) throws(PackedDrawingError) -> Drawing {
        guard bytes.count <= limits.maxBytes else {
            throw PackedDrawingError(offset: 0, message: "\(bytes.count) bytes, more than the limit of \(limits.maxBytes)")
        }
        var reader = PackedDrawingReader(bytes)
        let start = try reader.bytes(header.count)
        guard start.prefix(4).elementsEqual(header.prefix(4)), let version = start.last, version == 2 || version == 3 else {
            throw PackedDrawingError(offset: 0, message: "not a packed drawing (expected \"INKP\" and version 2 or 3)")
        }
        // Version 2 writes every value of a varying channel as f64.
        let (pointBytes, strokeBytes) = version == 3 ? (Self.pointBytes, minimumStrokeBytes) : (16, minimumStrokeBytes - 11 + 9 * 8)
        let flags = try reader.byte()
        guard flags <= 1 else { throw reader.error("unknown flags \(flags)") }
        var drawing = Drawing()
        if flags == 1 { drawing.canvas = Size2D(width: try reader.double(), height: try reader.double()) }
        let strokeCount = try reader.count("strokes", limit: limits.maxStrokes, each: strokeBytes)
        var column: [Double] = []
        // Whether every point channel's value is one the stroke JSON decoder accepts (checked
        // here, column by column, so that the full check below can skip them).
        var pointsAcceptable = true
        let bound = limits.maxCoordinate
        drawing.strokes.reserveCapacity(strokeCount)
        var total = 0
        for _ in 0..<strokeCount {
            let nameLength = Int(try reader.byte())
            let name = String(decoding: try reader.bytes(nameLength), as: UTF8.self)
            guard let type = InkType(rawValue: name) else {
                let shown = String(String.UnicodeScalarView(name.unicodeScalars.filter { (0x20..<0x7F).contains($0.value) }.prefix(40)))
                throw reader.error("unknown ink type '\(shown)'")
            }
            let color = RGBAColor(red: try reader.double(), green: try reader.double(), blue: try reader.double(), alpha: try reader.double())
            let shape = try readShape(&reader)
            let transform = AffineTransform2D(a: try reader.double(), b: try reader.double(), c: try reader.double(),
                                              d: try reader.double(), tx: try reader.double(), ty: try reader.double())
            let seed = try reader.uint32()
            let created = try reader.double()
            guard created.isFinite, abs(created) <= 1e11 else { throw reader.error("creation date \(created) is not a time") }
            var mask: StrokeMask?
            let polygonCount = try reader.uint32()
            if polygonCount != noMask {
                let count = try reader.count(polygonCount, "mask polygons", limit: limits.maxPointsPerStroke, each: 4)
                var polygons: [[Point2D]] = []
                polygons.reserveCapacity(count)
                for _ in 0..<count {
                    let vertices = try reader.count("mask vertices", limit: limits.maxPointsPerStroke, each: 16)
                    total += vertices
                    guard total <= limits.maxTotalPoints else { throw reader.error("more than \(limits.maxTotalPoints) points and vertices in all") }
                    var polygon: [Point2D] = []
                    polygon.reserveCapacity(vertices)
                    for _ in 0..<vertices { polygon.append(Point2D(x: try reader.double(), y: try reader.double())) }
                    polygons.append(polygon)
                }
                mask = StrokeMask(polygons: polygons)
            }
            let pointCount = try reader.count("points", limit: limits.maxPointsPerStroke, each: pointBytes)
            total += pointCount
            guard total <= limits.maxTotalPoints else { throw reader.error("more than \(limits.maxTotalPoints) points and vertices in all") }
            let varying = UInt16(try reader.byte()) | UInt16(try reader.byte()) << 8
            guard varying & 0b11 == 0b11, varying >> channels.count == 0 else { throw reader.error("unknown channel flags \(varying)") }
            var points = [StrokePoint](repeating: PointChannel.defaultPoint, count: pointCount)
            for channel in channels {
                if varying & (1 << channel.rawValue) == 0 {
                    let v = try reader.double()
                    if pointCount > 0, !(v.isFinite && channel.accepts(v, maxCoordinate: bound)) { pointsAcceptable = false }
                    points.withUnsafeMutableBufferPointer { for k in $0.indices { channel.set(v, in: &$0[k]) } }
                    continue
                }
                if version == 3 { try reader.column(pointCount, into: &column) } else { column = try reader.doubles(pointCount) }
                if pointsAcceptable, column.contains(where: { !($0.isFinite && channel.accepts($0, maxCoordinate: bound)) }) { pointsAcceptable = false }
                points.withUnsafeMutableBufferPointer { buffer in
                    column.withUnsafeBufferPointer { values in
                        for k in buffer.indices { channel.set(values[k], in: &buffer[k]) }
                    }
                }
            }
            drawing.strokes.append(Stroke(ink: Ink(type, color: color, shape: shape), path: StrokePath(points: points, creationDate: Date(timeIntervalSince1970: created)),
                                          transform: transform, mask: mask, randomSeed: seed))
        }
        guard reader.isAtEnd else { throw reader.error("\(bytes.count - reader.offset) bytes after the drawing") }
        for (i, stroke) in drawing.strokes.enumerated() {
            let c = stroke.ink.color
            guard [c.red, c.green, c.blue, c.alpha].allSatisfy(\.isFinite) else {
                throw PackedDrawingError(offset: nil, message: "stroke \(i): a colour component is not a finite number")
            }
        }
        if let violation = limits.firstNumericViolation(in: drawing, pointChannelsChecked: pointsAcceptable) {
            throw PackedDrawingError(offset: nil, message: violation.description)
        }
        return drawing
    }

    private static func appendShape(_ shape: StrokeShape?, to out: inout [UInt8]) {
        guard let shape else { return out += [0, 0] }
        var bits: UInt16 = 0
        var values: [Double] = []
        for (i, field) in StrokeShape.Field.allCases.enumerated() {
            if let v = shape[keyPath: field.keyPath] { bits |= 1 << i; values.append(v) }
        }
        if let simulate = shape.simulatePressure { bits |= 1 << 6 | (simulate ? 1 << 7 : 0) }
        switch shape.preset {
        case nil: break
        case .ink: bits |= 1 << 8
        case .freehand: bits |= 2 << 8
        }
        // Easing and last, added later, go in a byte of their own, so a shape without them is
        // written as before.
        var more: UInt8 = 0
        if let easing = shape.easing, let index = StrokeEasing.allCases.firstIndex(of: easing) { more |= UInt8(index + 1) }
        if let last = shape.last { more |= 1 << 5 | (last ? 1 << 6 : 0) }
        if more != 0 { bits |= 1 << 10 }
        withUnsafeBytes(of: bits.littleEndian) { out.append(contentsOf: $0) }
        if more != 0 { out.append(more) }
        for v in values { append(v, to: &out) }
    }

    /// Reads a stroke's shape bits and fields, each field held to its range.
    private static func readShape(_ reader: inout PackedDrawingReader) throws(PackedDrawingError) -> StrokeShape? {
        let bits = UInt16(try reader.byte()) | UInt16(try reader.byte()) << 8
        guard bits >> 11 == 0, bits >> 8 & 3 != 3, bits & (1 << 7) == 0 || bits & (1 << 6) != 0 else {
            throw reader.error("unknown shape bits \(bits)")
        }
        guard bits != 0 else { return nil }
        var shape = StrokeShape()
        if bits & (1 << 10) != 0 {
            let more = try reader.byte()
            let easing = Int(more & 31)
            guard more >> 7 == 0, more != 0, easing <= StrokeEasing.allCases.count,
                  more & (1 << 6) == 0 || more & (1 << 5) != 0
            else { throw reader.error("unknown shape extension bits \(more)") }
            if easing > 0 { shape.easing = StrokeEasing.allCases[easing - 1] }
            if more & (1 << 5) != 0 { shape.last = more & (1 << 6) != 0 }
        }
        for (i, field) in StrokeShape.Field.allCases.enumerated() where bits & (1 << i) != 0 {
            if let problem = shape.set(field.rawValue, to: .number(try reader.double())) {
                throw reader.error("shape \(field.rawValue): \(problem)")
            }
        }
        if bits & (1 << 6) != 0 { shape.simulatePressure = bits & (1 << 7) != 0 }
        switch bits >> 8 & 3 {
        case 1: shape.preset = .ink
        case 2: shape.preset = .freehand
        default: break
        }
        return shape.isEmpty ? nil : shape
    }

    private static func append(_ value: Double, to out: inout [UInt8]) { append(value.bitPattern, to: &out) }

    private static func append(_ value: UInt64, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
    }

    private static func append(_ value: UInt32, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
    }
}
