import InklingBase
import InklingConditioning

/// The command line as a source of generation options (``GenerationOptionsCodec``): each option
/// is its field's flag (`--source-strength`), an on/off option a `--no-…` flag; errors are usage
/// errors that name the flag.
struct FlagOptions: OptionSource {
    let arguments: ParsedArguments

    /// The render command's options, one per field, with the field's help and default; on/off
    /// fields are ``flags`` instead.
    static var options: [ArgumentSpec.Option] {
        GenerationOptionsCodec.fields.filter { $0.kind != .bool }.map { field in
            .init(field.flag, value: field.valueName, help: field.help, default: field.defaultText)
        }
    }

    /// `--no-…` for each on/off field.
    static var flags: [ArgumentSpec.Flag] {
        GenerationOptionsCodec.fields.filter { $0.kind == .bool }.map { .init("no-" + $0.flag, help: $0.help) }
    }

    func number(_ field: OptionField, in range: ClosedRange<Double>) throws(CommandFailure) -> Double? {
        guard let value = try arguments.value(field.flag, as: Double.self) else { return nil }
        guard value.isFinite, range.contains(value) else { throw outside(field, NumberText.compact(value), range.lowerBound, range.upperBound) }
        return value
    }

    func integer(_ field: OptionField, in range: ClosedRange<Int>) throws(CommandFailure) -> Int? {
        guard let value = try arguments.value(field.flag, as: Int.self) else { return nil }
        guard range.contains(value) else { throw outside(field, "\(value)", Double(range.lowerBound), Double(range.upperBound)) }
        return value
    }

    func unsigned(_ field: OptionField, in range: ClosedRange<UInt64>) throws(CommandFailure) -> UInt64? {
        guard let value = try arguments.value(field.flag, as: UInt64.self) else { return nil }
        guard range.contains(value) else { throw .usage("--\(field.flag) must be within \(range.lowerBound)…\(range.upperBound), got \(value)") }
        return value
    }

    func text(_ field: OptionField, maxBytes: Int) throws(CommandFailure) -> String? {
        guard let value = try arguments.value(field.flag, as: String.self) else { return nil }
        guard value.utf8.count <= maxBytes else { throw .usage("--\(field.flag) is \(value.utf8.count) bytes long; at most \(maxBytes)") }
        return value
    }

    func bool(_ field: OptionField) throws(CommandFailure) -> Bool? {
        arguments.flag("no-" + field.flag) ? false : nil
    }

    func size(_ field: OptionField, sides: ClosedRange<Int>) throws(CommandFailure) -> PixelSize? {
        guard let raw = try arguments.value(field.flag, as: String.self) else { return nil }
        guard let size = SizeText.parse(raw, sides: sides) else {
            throw .usage("invalid value '\(raw)' for --\(field.flag): expected \(SizeText.expectation(sides: sides))")
        }
        return PixelSize(width: size.width, height: size.height)
    }

    func invalid(_ field: OptionField, _ message: String) -> CommandFailure {
        .usage("--\(field.flag) \(message)")
    }

    private func outside(_ field: OptionField, _ value: String, _ low: Double, _ high: Double) -> CommandFailure {
        .usage("--\(field.flag) must be within \(NumberText.compact(low))…\(NumberText.compact(high)), got \(value)")
    }
}
