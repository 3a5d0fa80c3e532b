import Foundation

// Only for JSONObjectReader.swift (values parsed by Foundation's JSONSerialization), which issue
// 14 replaces with InklingBase's JSONObjectReader: delete this file together with it. No
// importer uses these.
extension InterchangeJSON {
    /// Whether `value` is a JSON boolean (Foundation hands booleans over as `NSNumber` too).
    static func isBool(_ value: Any) -> Bool {
        if value is Bool, !(value is NSNumber) { return true }
        guard let n = value as? NSNumber else { return false }
        let type = String(cString: n.objCType)
        return type == "c" || type == "B"
    }

    /// The finite number `value` holds, or `nil` for anything else (strings, booleans, overflow).
    static func number(_ value: Any) -> Double? {
        if value is String || isBool(value) { return nil }
        if let d = value as? Double, d.isFinite { return d }
        if let i = value as? Int { return Double(i) }
        if let n = value as? NSNumber, n.doubleValue.isFinite { return n.doubleValue }
        return nil
    }
}
