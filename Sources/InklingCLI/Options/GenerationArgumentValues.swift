import InklingConditioning

/// `--style animation|illustration|sketch|emoji|externalProvider`.
extension Style: ArgumentValue {}

/// `--mode balanced|promptFirst|sketchFirst`.
extension GuidanceMode: ArgumentValue {}

/// `--seed 0…18446744073709551615`.
extension UInt64: ArgumentValue {
    package init?(argument: String) { self.init(argument) }
    package static var expectation: String { "a whole number 0…\(UInt64.max)" }
}

/// `--encoding scribble|soft|distance|confidence`, each optionally `-inverted` (black on white).
extension SketchEncoding: ArgumentValue {
    package init?(argument: String) { self.init(argument) }
    package static var expectation: String { "one of " + names.joined(separator: ", ") }
}
