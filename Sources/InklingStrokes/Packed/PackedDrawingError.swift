/// Why packed drawing bytes were refused (see ``PackedDrawing/decode(_:limits:)``).
public struct PackedDrawingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The byte where reading stopped, or `nil` for a value checked after reading.
    public var offset: Int?
    /// What was wrong, one line.
    public var message: String

    public var description: String { offset.map { "packed drawing, byte \($0): \(message)" } ?? "packed drawing: \(message)" }
}
