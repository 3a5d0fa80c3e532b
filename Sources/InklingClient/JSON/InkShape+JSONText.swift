/// A shape as the canonical writer writes it: the fields set, preset first, then the numbers,
/// `simulatePressure`, `easing` and `last`.
extension InkShape {
    func write(to w: inout CanonicalJSONWriter) {
        w.openObject()
        if let preset { w.key("preset"); w.string(preset.rawValue) }
        for field in Self.numberFields {
            if let v = self[keyPath: field.path] { w.key(field.key); w.number(v) }
        }
        if let simulatePressure { w.key("simulatePressure"); w.bool(simulatePressure) }
        if let easing { w.key("easing"); w.string(easing.rawValue) }
        if let last { w.key("last"); w.bool(last) }
        w.closeObject()
    }
}
