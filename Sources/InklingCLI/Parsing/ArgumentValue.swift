/// A type that can be read from one command-line value.
public protocol ArgumentValue {
    /// Parses the value; `nil` when it is malformed.
    init?(argument: String)
    /// What a valid value looks like, for error messages ("a number", "WIDTHxHEIGHT such as 512x512").
    static var expectation: String { get }
}

extension Int: ArgumentValue {
    public init?(argument: String) { self.init(argument) }
    public static var expectation: String { "a whole number" }
}

extension Double: ArgumentValue {
    public init?(argument: String) {
        guard let v = Double(argument), v.isFinite else { return nil }
        self = v
    }
    public static var expectation: String { "a finite number" }
}

extension String: ArgumentValue {
    public init?(argument: String) { self = argument }
    public static var expectation: String { "text" }
}

/// Enumerations whose raw values are the accepted words.
extension ArgumentValue where Self: RawRepresentable & CaseIterable, RawValue == String {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var expectation: String { "one of " + allCases.map(\.rawValue).joined(separator: ", ") }
}
