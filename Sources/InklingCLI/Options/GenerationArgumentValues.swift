import InklingConditioning

/// `--style animation|illustration|sketch|emoji|externalProvider`.
extension Style: ArgumentValue {}

/// `--mode balanced|promptFirst|sketchFirst`.
extension GuidanceMode: ArgumentValue {}

/// `--seed 0…18446744073709551615`.
extension UInt64: ArgumentValue {
    public init?(argument: String) { self.init(argument) }
    public static var expectation: String { "a whole number 0…\(UInt64.max)" }
}
