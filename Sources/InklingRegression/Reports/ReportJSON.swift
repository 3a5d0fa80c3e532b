import InklingBase
import InklingComparison

// The JSON of regression reports and of `inkling compare --json`, as ``JSONValue``s written by
// ``JSONWriter`` (keys sorted, numbers by ``NumberText``'s rule). Absent optionals are left out;
// infinite or NaN numbers, which JSON cannot hold, are `null`.

extension ComparisonTolerance {
    /// `{"minimumPSNR", "minimumSSIM", "perceptualPrecision", "precision"}`.
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = ["precision": .double(precision), "perceptualPrecision": .double(perceptualPrecision)]
        if let minimumSSIM { members["minimumSSIM"] = .double(minimumSSIM) }
        if let minimumPSNR { members["minimumPSNR"] = .double(minimumPSNR) }
        return .object(members)
    }
}

extension ComparisonSummary {
    /// Every measurement; `psnr` is absent when the images are identical, `ssim` when too small.
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = [
            "passed": .bool(passed), "identical": .bool(identical), "width": .int(Int64(width)), "height": .int(Int64(height)),
            "format": .string(format), "psnrChannels": .array(psnrChannels.map { $0.map(JSONValue.double) ?? .null }),
            "meanSquaredError": .double(meanSquaredError), "deltaEThreshold": .double(deltaEThreshold),
            "fractionOver": .double(fractionOver), "pixelsOver": .int(Int64(pixelsOver)), "pixelsChanged": .int(Int64(pixelsChanged)),
            "maximumDeltaE": .double(maximumDeltaE), "meanDeltaE": .double(meanDeltaE), "tolerance": tolerance.jsonValue,
            "failures": .array(failures.map(JSONValue.string)),
        ]
        if let psnr { members["psnr"] = .double(psnr) }
        if let ssim { members["ssim"] = .double(ssim) }
        if let ssimChannels { members["ssimChannels"] = .array(ssimChannels.map(JSONValue.double)) }
        return .object(members)
    }
}

extension AdherenceSummary {
    /// `{"chamferDistance", "f1", "precision", "recall", "tolerance"}`.
    public var jsonValue: JSONValue {
        .object(["precision": .double(precision), "recall": .double(recall), "f1": .double(f1),
                 "chamferDistance": .double(chamferDistance), "tolerance": .double(tolerance)])
    }
}

extension VariationResult {
    /// The variation's result; artifacts and measurements only when present.
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = [
            "variation": .int(Int64(variation)), "reference": .string(reference), "failures": .array(failures.map(JSONValue.string)),
        ]
        if !recipeChanges.isEmpty { members["recipeChanges"] = .array(recipeChanges.map(JSONValue.string)) }
        if let comparison { members["comparison"] = comparison.jsonValue }
        if let adherence { members["adherence"] = adherence.jsonValue }
        if let actualImage { members["actualImage"] = .string(actualImage) }
        if let referenceImage { members["referenceImage"] = .string(referenceImage) }
        if let differenceImage { members["differenceImage"] = .string(differenceImage) }
        return .object(members)
    }
}

extension CaseResult {
    /// The case's result.
    public var jsonValue: JSONValue {
        .object(["name": .string(name), "status": .string(status.rawValue), "message": .string(message),
                 "seconds": .double(seconds), "variations": .array(variations.map(\.jsonValue))])
    }
}

extension RegressionReport {
    /// The whole report.
    public var jsonValue: JSONValue {
        .object(["inklingVersion": .string(inklingVersion), "engine": .string(engine), "recordMode": .string(recordMode.rawValue),
                 "cases": .string(cases), "results": .array(results.map(\.jsonValue)), "seconds": .double(seconds)])
    }
}
