import InklingStrokes

/// Every prefix of `bytes` and every number in it swapped for a wrong type or an extreme
/// value: the importer throws or succeeds, never traps.
func assertImporterNeverCrashes(_ bytes: [UInt8], _ read: ([UInt8]) throws -> Drawing) {
    for cut in Swift.stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) { _ = try? read(Array(bytes[..<cut])) }
    let replacements = [#""x""#, "true", "null", "[]", "{}", "-1e999", "1e308", "-0", "18446744073709551616", #""NaN""#].map { Array($0.utf8) }
    var i = 0, numbers = 0
    while i < bytes.count, numbers < 200 {
        let isStart = (bytes[i] >= 48 && bytes[i] <= 57) || bytes[i] == 45
        guard isStart, i == 0 || !(bytes[i - 1] >= 48 && bytes[i - 1] <= 57) && bytes[i - 1] != 46 else { i += 1; continue }
        var j = i + 1
        while j < bytes.count, (bytes[j] >= 48 && bytes[j] <= 57) || [46, 101, 69, 43, 45].contains(bytes[j]) { j += 1 }
        for r in replacements { _ = try? read(Array(bytes[..<i]) + r + Array(bytes[j...])) }
        numbers += 1
        i = j
    }
}
