extension SamplingOverrides {
    /// Throws the first value out of range (see ``GenerationOptions/validate()``).
    public func validate() throws(ConditioningError) {
        if let steps, !Self.stepsRange.contains(steps) {
            throw .invalidOption(name: "steps", value: "\(steps)", expected: "a whole number from \(Self.stepsRange.lowerBound) to \(Self.stepsRange.upperBound)")
        }
        if let cfgScale, !(cfgScale.isFinite && Self.cfgScaleRange.contains(cfgScale)) {
            throw .invalidOption(name: "cfgScale", value: "\(cfgScale)", expected: "a number from 0 to 30")
        }
        if let negativePrompt, negativePrompt.utf8.count > Self.maximumNegativePromptLength {
            throw .invalidOption(name: "negativePrompt", value: "\(negativePrompt.utf8.count) bytes long",
                                 expected: "at most \(Self.maximumNegativePromptLength) bytes")
        }
        for (name, value) in [("sampler", sampler), ("scheduler", scheduler)] {
            guard let value else { continue }
            if value.allSatisfy(\.isWhitespace) {
                throw .invalidOption(name: name, value: "blank", expected: "a \(name) name as the server spells it (omit it for the configuration's)")
            }
            if value.utf8.count > Self.maximumNameLength || value.contains(where: \.isNewline) {
                throw .invalidOption(name: name, value: "not a name", expected: "one line of at most \(Self.maximumNameLength) bytes")
            }
        }
    }
}
