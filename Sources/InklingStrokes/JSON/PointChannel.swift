import InklingBase
/// One per-point channel of stroke JSON, with its key, default and valid range.
///
/// The raw value indexes scratch buffers while a stroke is read.
enum PointChannel: Int, CaseIterable, Sendable {
    case x, y, timeOffset, width, height, opacity, force, azimuth, altitude, secondaryScale, threshold

    /// The JSON key (the same in both layouts).
    var key: StaticString {
        switch self {
        case .x: "x"
        case .y: "y"
        case .timeOffset: "timeOffset"
        case .width: "width"
        case .height: "height"
        case .opacity: "opacity"
        case .force: "force"
        case .azimuth: "azimuth"
        case .altitude: "altitude"
        case .secondaryScale: "secondaryScale"
        case .threshold: "threshold"
        }
    }

    /// The key as a Swift string, for paths.
    var name: String { key.description }

    /// The channel named by a NUL-terminated key, or `nil` for unknown keys.
    @inline(__always)
    static func lookup(_ key: UnsafePointer<UInt8>) -> PointChannel? {
        let candidate: PointChannel
        switch key[0] {
        case UInt8(ascii: "x"): candidate = .x
        case UInt8(ascii: "y"): candidate = .y
        case UInt8(ascii: "t"): candidate = key[1] == UInt8(ascii: "i") ? .timeOffset : .threshold
        case UInt8(ascii: "w"): candidate = .width
        case UInt8(ascii: "h"): candidate = .height
        case UInt8(ascii: "o"): candidate = .opacity
        case UInt8(ascii: "f"): candidate = .force
        case UInt8(ascii: "a"): candidate = key[1] == UInt8(ascii: "z") ? .azimuth : .altitude
        case UInt8(ascii: "s"): candidate = .secondaryScale
        default: return nil
        }
        return JSONCTree.keyEquals(key, candidate.key) ? candidate : nil
    }

    /// The latest accepted `timeOffset`: 10⁹ s (about 31 years), so that durations summed over
    /// a whole drawing stay finite.
    static let maximumTimeOffset = 1e9

    /// The value a point gets when the channel is absent.
    var defaultValue: Double {
        switch self {
        case .x, .y: 0
        case .timeOffset: StrokePoint.Defaults.timeOffset
        case .width: StrokePoint.Defaults.size.width
        case .height: StrokePoint.Defaults.size.height
        case .opacity: StrokePoint.Defaults.opacity
        case .force: StrokePoint.Defaults.force
        case .azimuth: StrokePoint.Defaults.azimuth
        case .altitude: StrokePoint.Defaults.altitude
        case .secondaryScale: StrokePoint.Defaults.secondaryScale
        case .threshold: StrokePoint.Defaults.threshold
        }
    }

    /// Whether a finite value is valid for this channel.
    @inline(__always)
    func accepts(_ v: Double, maxCoordinate: Double) -> Bool {
        switch self {
        case .x, .y: abs(v) <= maxCoordinate
        // A nib (or its secondary scale) wider than the whole coordinate extent makes no sense
        // and would overflow outlines and rasters.
        case .width, .height, .secondaryScale: v >= 0 && v <= 2 * maxCoordinate
        case .timeOffset: v >= 0 && v <= Self.maximumTimeOffset
        case .force: v >= 0
        case .opacity: v >= 0 && v <= 2
        case .azimuth: v >= 0 && v <= 2 * Double.pi
        case .altitude: v >= 0 && v <= Double.pi / 2
        case .threshold: v >= 0 && v <= 1
        }
    }

    /// What a valid value looks like, for messages.
    func expectation(maxCoordinate: Double) -> String {
        switch self {
        case .x, .y: "a finite number with |v| ≤ \(StrokeJSONError.format(maxCoordinate)) (maxCoordinate)"
        case .width, .height, .secondaryScale:
            "a finite number in 0…\(StrokeJSONError.format(2 * maxCoordinate)) (2 × maxCoordinate, the coordinate extent)"
        case .timeOffset: "a number of seconds in 0…\(StrokeJSONError.format(Self.maximumTimeOffset))"
        case .force: "a finite number ≥ 0"
        case .opacity: "a number in 0…2"
        case .azimuth: "a number in 0…2π"
        case .altitude: "a number in 0…π/2"
        case .threshold: "a number in 0…1"
        }
    }

    /// The kind reported for a finite value outside the range: coordinates and nibs beyond
    /// the coordinate extent break a limit; anything else (a negative width) is out of range.
    func rangeKind(of value: Double?) -> StrokeJSONError.Kind {
        switch self {
        case .x, .y: .limitExceeded
        case .width, .height, .secondaryScale: (value ?? 0) > 0 ? .limitExceeded : .outOfRange
        default: .outOfRange
        }
    }

    /// This channel's value in a point.
    @inline(__always)
    func value(in p: StrokePoint) -> Double {
        switch self {
        case .x: p.location.x
        case .y: p.location.y
        case .timeOffset: p.timeOffset
        case .width: p.size.width
        case .height: p.size.height
        case .opacity: p.opacity
        case .force: p.force
        case .azimuth: p.azimuth
        case .altitude: p.altitude
        case .secondaryScale: p.secondaryScale
        case .threshold: p.threshold
        }
    }

    /// Sets this channel's value in a point.
    @inline(__always)
    func set(_ v: Double, in p: inout StrokePoint) {
        switch self {
        case .x: p.location.x = v
        case .y: p.location.y = v
        case .timeOffset: p.timeOffset = v
        case .width: p.size.width = v
        case .height: p.size.height = v
        case .opacity: p.opacity = v
        case .force: p.force = v
        case .azimuth: p.azimuth = v
        case .altitude: p.altitude = v
        case .secondaryScale: p.secondaryScale = v
        case .threshold: p.threshold = v
        }
    }

    /// A point whose every channel has its default (location at the origin).
    static let defaultPoint = StrokePoint(location: .zero)
}
