/// One generation option as every way in spells it: its JSON key (the API's `options`, case
/// files, a cluster's job spec), its command-line flag, its help, its default and its range.
/// ``GenerationOptionsCodec/fields`` lists them all; help, `openapi.json` and the docs are
/// checked against that list.
public struct OptionField: Sendable, Hashable {
    /// What values it takes.
    public enum Kind: Sendable, Hashable {
        /// A number within the range.
        case number(ClosedRange<Double>)
        /// A whole number within the range.
        case integer(ClosedRange<Int>)
        /// A seed: a whole number within the range.
        case unsigned(ClosedRange<UInt64>)
        /// One of the names.
        case name([String])
        /// Text of at most that many bytes.
        case text(maxBytes: Int)
        /// On or off (on the command line: a `--no-…` flag turns it off).
        case bool
        /// A size `WxH`, each side within the range.
        case size(ClosedRange<Int>)
    }

    /// The key in JSON: `sourceStrength`.
    public let key: String
    /// The command-line flag, without its dashes: `source-strength`.
    public let flag: String
    /// The placeholder of its value in help: `f`, `n`, `name`.
    public let valueName: String
    /// One line of help.
    public let help: String
    /// The default as help and the docs show it: `0.35`, `the engine configuration's`.
    public let defaultText: String
    /// The default as JSON text, when it is a value (`openapi.json` shows it): `0.35`, `"scribble"`.
    public let defaultJSON: String?
    /// What values it takes.
    public let kind: Kind
}
