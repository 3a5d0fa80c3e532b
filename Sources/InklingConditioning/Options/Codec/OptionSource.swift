/// Where generation options are read from (the API's JSON, the command line, a case file, a
/// job spec), each with its own errors: ``GenerationOptionsCodec/read(_:into:)`` asks it for
/// each field's value, checked against the field's kind, and decides defaults and the rules
/// between fields once. A value the source does not have is `nil`.
public protocol OptionSource {
    /// The source's own error (an API answer, a usage error, a JSON error).
    associatedtype Failure: Error

    /// A number within `range`.
    func number(_ field: OptionField, in range: ClosedRange<Double>) throws(Failure) -> Double?
    /// A whole number within `range`.
    func integer(_ field: OptionField, in range: ClosedRange<Int>) throws(Failure) -> Int?
    /// A whole number within `range`, up to 64 bits.
    func unsigned(_ field: OptionField, in range: ClosedRange<UInt64>) throws(Failure) -> UInt64?
    /// Text of at most `maxBytes` bytes.
    func text(_ field: OptionField, maxBytes: Int) throws(Failure) -> String?
    /// On or off.
    func bool(_ field: OptionField) throws(Failure) -> Bool?
    /// A size whose sides are within `sides`.
    func size(_ field: OptionField, sides: ClosedRange<Int>) throws(Failure) -> PixelSize?
    /// The error for a value of `field` that breaks a rule: `message` says which, in words that
    /// follow the field's name ("must not be before guidanceStart (0.8)").
    func invalid(_ field: OptionField, _ message: String) -> Failure
}
