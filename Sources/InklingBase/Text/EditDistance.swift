/// Levenshtein distance between words, for "did you mean" hints on mistyped names (command-line
/// options, case-file keys).
public enum EditDistance {
    /// The number of single-character insertions, deletions and substitutions turning `a` into `b`.
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return row[b.count]
    }

    /// The candidate nearest to `word` if it is within `limit` edits (ties: the first in order).
    public static func closest(to word: String, in candidates: [String], limit: Int = 2) -> String? {
        guard let best = candidates.min(by: { between($0, word) < between($1, word) }), between(best, word) <= limit else { return nil }
        return best
    }
}
