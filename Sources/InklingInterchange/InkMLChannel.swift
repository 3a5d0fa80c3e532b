/// One `<channel>` of an InkML trace format, with what Inkling needs to convert its values.
struct InkMLChannel: Sendable, Hashable {
    /// The channel name (`X`, `Y`, `T`, `F`, …).
    var name: String
    /// `units` as written (`cm`, `mm`, `in`, `pt`, `px`, `s`, `ms`, `dev`, …); empty when absent.
    var units: String
    /// `min` and `max`, when given.
    var min: Double?, max: Double?
    /// Whether it was listed under `<intermittentChannels>` (values may be left out).
    var intermittent: Bool
    /// Drawing units per channel unit, from `units` or a `resolution` channel property.
    var scale: Double = 1

    /// Points per unit of length: Inkling draws in points, 72 per inch. `himetric` is a
    /// hundredth of a millimetre (Microsoft Office's unit); `px`, `dev` and no units stay as
    /// they are.
    static func pointsPerUnit(_ units: String) -> Double? {
        switch units.lowercased() {
        case "in": return 72
        case "cm": return 72 / 2.54
        case "mm": return 72 / 25.4
        case "m": return 7200 / 2.54
        case "himetric": return 72 / 2540
        case "pt": return 1
        case "pc": return 12
        case "px", "dev", "": return 1
        default: return nil
        }
    }

    /// Seconds per unit of time; a T channel without units, or in device units, is taken as
    /// milliseconds (what tablets and Windows Ink count in).
    static func secondsPerUnit(_ units: String) -> Double? {
        switch units.lowercased() {
        case "s": return 1
        case "ms", "", "dev": return 0.001
        case "us", "µs": return 0.000_001
        default: return nil
        }
    }

    /// The default InkML trace format: X and Y, decimal.
    static let defaultFormat = [
        InkMLChannel(name: "X", units: "", min: nil, max: nil, intermittent: false),
        InkMLChannel(name: "Y", units: "", min: nil, max: nil, intermittent: false),
    ]
}
