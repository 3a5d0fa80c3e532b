import InklingComparison
import InklingImageIO
import InklingOutputs

extension GeneratedImage {
    /// How closely this image follows its drawing: edge precision, recall, F1 and chamfer
    /// distance against the guidance map it was generated from (``AdherenceMeter``), or `nil`
    /// when the request had no drawing. Higher guidance strength gives higher adherence.
    ///
    /// - Throws: ``ImageCreationError/creationFailed(reason:)`` when the recipe's drawing cannot
    ///   be read back or measured.
    public func guidanceAdherence() throws(ImageCreationError) -> GuidanceAdherence? {
        try recipe.guidanceAdherence(of: image)
    }
}

extension Recipe {
    /// How closely `image` follows this recipe's drawing, measured against the same guidance map
    /// the generation was given (the drawing at ``size``); `nil` when the recipe has no drawing.
    /// Used for results, for `inkling compare` and for regression runs, so all three agree.
    ///
    /// - Throws: ``ImageCreationError/creationFailed(reason:)`` when the drawing cannot be read
    ///   back, or `image` is not the recipe's size.
    public func guidanceAdherence(of image: RasterImage) throws(ImageCreationError) -> GuidanceAdherence? {
        guard let stored = drawing else { return nil }
        do {
            let map = try GenerationGuidance.map(for: try stored.drawing(), size: size)
            return try AdherenceMeter.measure(image: image, guidance: map.image)
        } catch {
            throw .creationFailed(reason: "cannot measure guidance adherence: \(error)")
        }
    }
}
