/// A type that can be read from one command-line value.
package protocol ArgumentValue {
    /// Parses the value; `nil` when it is malformed.
    init?(argument: String)
    /// What a valid value looks like, for error messages ("a number", "WIDTHxHEIGHT such as 512x512").
    static var expectation: String { get }
}

extension Int: ArgumentValue {
    package init?(argument: String) { self.init(argument) }
    package static var expectation: String { "a whole number" }
}

extension Double: ArgumentValue {
    package init?(argument: String) {
        guard let v = Double(argument), v.isFinite else { return nil }
        self = v
    }
    package static var expectation: String { "a finite number" }
}

extension String: ArgumentValue {
    package init?(argument: String) { self = argument }
    package static var expectation: String { "text" }
}

/// Enumerations whose raw values are the accepted words.
extension ArgumentValue where Self: RawRepresentable & CaseIterable, RawValue == String {
    package init?(argument: String) { self.init(rawValue: argument) }
    package static var expectation: String { "one of " + allCases.map(\.rawValue).joined(separator: ", ") }
}
