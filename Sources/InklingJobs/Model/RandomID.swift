/// The identifiers of jobs and images: 32 lower-case hex digits, 128 bits from the system's
/// random source, so an id in a URL cannot be guessed or counted.
package enum RandomID {
    /// A fresh identifier.
    package static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return hex(generator.next()) + hex(generator.next())
    }

    /// Whether `text` has the form of an identifier (exactly 32 of `0-9a-f`), checked before
    /// anything is looked up: `../x`, upper case, 31 or 33 digits and anything else are no id.
    package static func isValid(_ text: some StringProtocol) -> Bool {
        var count = 0
        for byte in text.utf8 {
            guard count < 32, (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte) else { return false }
            count += 1
        }
        return count == 32
    }

    /// 16 hex digits, zero-padded.
    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
