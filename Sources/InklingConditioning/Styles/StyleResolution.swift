/// The style a generation uses, decided from what the caller and the text ask for.
///
/// Order of precedence:
/// 1. a style passed in code (`images(for:style:)`) — ``Source/requested``;
/// 2. otherwise a style asked for in the text that maps to a preset — ``Source/text``;
/// 3. otherwise `GenerationOptions.defaultStyle` — ``Source/defaultStyle``.
///
/// The chosen style must be in `allowedStyles`, or resolution throws
/// ``ConditioningError/styleNotAllowed(_:allowed:)`` naming the allowed ones (also for a style
/// asked for in the text: the caller said which styles are acceptable). A style named in the
/// text that maps to no preset ("photorealistic") is not an error: the default applies and
/// ``unmappedRequest`` carries the request so the caller can report it.
public struct StyleResolution: Sendable, Hashable {
    /// Where the decided style came from.
    public enum Source: String, Sendable, Hashable {
        /// Passed in code.
        case requested
        /// Asked for in the text.
        case text
        /// The options' default style.
        case defaultStyle
    }

    /// The style to use.
    public var style: Style
    /// Where it came from.
    public var source: Source
    /// A style named in the text that no preset covers, if any (to report to the user).
    public var unmappedRequest: StyleRequest?

    /// Creates a resolution.
    public init(style: Style, source: Source, unmappedRequest: StyleRequest? = nil) {
        self.style = style
        self.source = source
        self.unmappedRequest = unmappedRequest
    }

    /// Decides the style; see the type's documentation for the rules.
    ///
    /// - Parameters:
    ///   - requested: the style passed in code, if any.
    ///   - textRequest: the style asked for in the prompt text, if any (``StyleRequest/find(in:)``).
    ///   - allowedStyles: the styles the caller accepts (must not be empty).
    ///   - defaultStyle: the style used when nothing is asked for.
    public static func resolve(
        requested: Style?, textRequest: StyleRequest?, allowedStyles: [Style], defaultStyle: Style
    ) throws(ConditioningError) -> StyleResolution {
        let unmapped = textRequest.flatMap { $0.style == nil ? $0 : nil }
        let resolution: StyleResolution
        if let requested {
            resolution = StyleResolution(style: requested, source: .requested, unmappedRequest: unmapped)
        } else if let fromText = textRequest?.style {
            resolution = StyleResolution(style: fromText, source: .text)
        } else {
            resolution = StyleResolution(style: defaultStyle, source: .defaultStyle, unmappedRequest: unmapped)
        }
        guard allowedStyles.contains(resolution.style) else {
            throw .styleNotAllowed(resolution.style, allowed: allowedStyles)
        }
        return resolution
    }

    /// Decides the style with the allowed and default styles of `options`.
    public static func resolve(
        requested: Style?, textRequest: StyleRequest?, options: GenerationOptions
    ) throws(ConditioningError) -> StyleResolution {
        try resolve(requested: requested, textRequest: textRequest, allowedStyles: options.allowedStyles, defaultStyle: options.defaultStyle)
    }
}
