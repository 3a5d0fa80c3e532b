extension GenerationOptions {
    /// The largest side a requested size may have.
    public static let maximumSide = 16_384

    /// Checks every value and throws the first problem found.
    ///
    /// - guidance `strength`, `start`, `end` and `sourceStrength`: finite, in `0 ... 1`;
    /// - guidance `start ≤ end`;
    /// - `allowedStyles` not empty, and `defaultStyle` one of them;
    /// - a `closest(to:)` size with both sides in `1 ... 16384`;
    /// - sampling `steps` in `1 ... 150`, `cfgScale` finite in `0 ... 30`, `sampler` and
    ///   `scheduler` one line, not blank, at most 100 bytes, `negativePrompt` at most 4000 bytes.
    public func validate() throws(ConditioningError) {
        func unit(_ name: String, _ value: Double) throws(ConditioningError) {
            guard value.isFinite, (0...1).contains(value) else {
                throw .invalidOption(name: name, value: "\(value)", expected: "a number from 0 to 1")
            }
        }
        try unit("guidance.strength", guidance.strength)
        try unit("guidance.start", guidance.start)
        try unit("guidance.end", guidance.end)
        try unit("sourceStrength", sourceStrength)
        guard guidance.start <= guidance.end else {
            throw .invalidOption(
                name: "guidance.start", value: "\(guidance.start)",
                expected: "at most guidance.end (\(guidance.end)): guidance must start before it ends")
        }
        guard !allowedStyles.isEmpty else {
            throw .invalidOption(name: "allowedStyles", value: "empty", expected: "at least one of \(Style.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard allowedStyles.contains(defaultStyle) else {
            throw .invalidOption(
                name: "defaultStyle", value: defaultStyle.rawValue,
                expected: "one of the allowed styles: \(allowedStyles.map(\.rawValue).joined(separator: ", "))")
        }
        try sampling.validate()
        if case .closest(let size) = size {
            guard (1...Self.maximumSide).contains(size.width), (1...Self.maximumSide).contains(size.height) else {
                throw .invalidOption(name: "size", value: size.description, expected: "width and height from 1 to \(Self.maximumSide) pixels")
            }
        }
    }
}
