import Foundation
import InklingComparison

/// The HTML page of a ``RegressionReport``: a summary table, then each case with its reference,
/// actual and difference images side by side (failures first and open, passes folded).
/// Self-contained apart from the images beside it; no scripts.
enum ReportHTML {
    static func page(for report: RegressionReport) -> String {
        let ordered = report.results.sorted { rank($0.status) < rank($1.status) || (rank($0.status) == rank($1.status) && $0.name < $1.name) }
        var html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Inkling regression: \(escape(report.tally))</title>
        <style>\(style)</style></head><body>
        <header><h1>Inkling regression report</h1>
        <p class="verdict \(report.passed ? "ok" : "bad")">\(report.passed ? "PASS" : "FAIL") — \(escape(report.tally))</p>
        <p class="meta">\(escape(report.cases)) · engine \(escape(report.engine)) · record \(report.recordMode.rawValue) · Inkling \(escape(report.inklingVersion)) · \(MetricFormat.fixed(report.seconds, digits: 1)) s</p></header>
        <table class="summary"><thead><tr><th>case</th><th>status</th><th>SSIM</th><th>PSNR</th><th>pixels over ΔE</th><th>adherence F1</th><th>message</th></tr></thead><tbody>

        """
        for r in ordered {
            let v = r.variations.first
            html += "<tr class=\"\(r.status.rawValue)\"><td><a href=\"#\(anchor(r.name))\">\(escape(r.name))</a></td><td><span class=\"badge \(r.status.rawValue)\">\(r.status.rawValue)</span></td>"
            html += "<td>\(v?.comparison?.ssim.map(MetricFormat.ssim) ?? "–")</td>"
            html += "<td>\(v?.comparison.map { $0.psnr.map { MetricFormat.fixed($0, digits: 2) + " dB" } ?? "∞" } ?? "–")</td>"
            html += "<td>\(v?.comparison.map { "\($0.pixelsOver) (\(MetricFormat.percent($0.fractionOver)))" } ?? "–")</td>"
            html += "<td>\(v?.adherence.map { MetricFormat.fixed($0.f1, digits: 3) } ?? "–")</td><td>\(escape(r.message))</td></tr>\n"
        }
        html += "</tbody></table>\n"
        for r in ordered { html += section(r) }
        html += "</body></html>\n"
        return html
    }

    private static func section(_ r: CaseResult) -> String {
        let open = r.status.isFailure || r.status == .rerecorded ? " open" : ""
        var html = "<details id=\"\(anchor(r.name))\" class=\"case \(r.status.rawValue)\"\(open)><summary><span class=\"badge \(r.status.rawValue)\">\(r.status.rawValue)</span> <b>\(escape(r.name))</b> — \(escape(r.message)) <span class=\"meta\">\(MetricFormat.fixed(r.seconds, digits: 2)) s</span></summary>\n"
        for v in r.variations {
            if r.variations.count > 1 { html += "<h3>variation \(v.variation)</h3>\n" }
            if !v.recipeChanges.isEmpty {
                // Above the images: a changed prompt, seed or engine explains grain everywhere.
                html += "<ul class=\"recipe\"><li class=\"head\">recipe changed since the reference</li>"
                    + v.recipeChanges.map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n"
            }
            html += "<div class=\"row\">"
            html += figure(v.referenceImage, "reference (before this run)", missing: "no reference")
            html += figure(v.actualImage, "actual", missing: "not written")
            html += figure(v.differenceImage, "difference (ΔE00 heat map)", missing: "nothing to compare")
            if let actual = v.actualImage, let reference = v.referenceImage { html += flip(actual: actual, reference: reference) }
            html += "</div>\n"
            if let c = v.comparison {
                html += "<p class=\"metrics\">SSIM \(c.ssim.map(MetricFormat.ssim) ?? "–") · PSNR \(c.psnr.map { MetricFormat.fixed($0, digits: 2) + " dB" } ?? "∞ (identical)") · \(c.pixelsOver) pixels over ΔE \(MetricFormat.number(c.deltaEThreshold)) (\(MetricFormat.percent(c.fractionOver)); allowed \(MetricFormat.percent(1 - c.tolerance.precision))) · \(c.pixelsChanged) changed · max ΔE \(MetricFormat.number(c.maximumDeltaE))</p>\n"
            }
            if let a = v.adherence {
                html += "<p class=\"metrics\">adherence F1 \(MetricFormat.fixed(a.f1, digits: 3)) (precision \(MetricFormat.fixed(a.precision, digits: 3)), recall \(MetricFormat.fixed(a.recall, digits: 3)), chamfer \(MetricFormat.number(a.chamferDistance)) px)</p>\n"
            }
            for failure in v.failures { html += "<p class=\"failure\">\(escape(failure))</p>\n" }
            html += "<p class=\"meta\">reference file: \(escape(v.reference))</p>\n"
        }
        return html + "</details>\n"
    }

    private static func figure(_ path: String?, _ caption: String, missing: String) -> String {
        guard let path else { return "<figure class=\"empty\"><div>\(escape(missing))</div><figcaption>\(escape(caption))</figcaption></figure>" }
        let src = source(path)
        return "<figure><a href=\"\(src)\"><img src=\"\(src)\" alt=\"\(escape(caption))\" loading=\"lazy\"></a><figcaption>\(escape(caption))</figcaption></figure>"
    }

    /// The actual image with the reference stacked on it, shown while the pointer is over it
    /// (or it has the keyboard focus): flipping between the two shows a change that side by
    /// side hides. Plain CSS, so the page still needs no script.
    private static func flip(actual: String, reference: String) -> String {
        "<figure class=\"flip\"><div class=\"stack\" tabindex=\"0\" aria-label=\"actual; hover or focus to see the reference\">"
            + "<img src=\"\(source(actual))\" alt=\"actual\" loading=\"lazy\"><img class=\"ref\" src=\"\(source(reference))\" alt=\"reference\" loading=\"lazy\">"
            + "</div><figcaption>flip: actual, hover or focus for the reference</figcaption></figure>"
    }

    /// A report-relative path as an escaped, percent-encoded `src`.
    private static func source(_ path: String) -> String {
        escape(path.split(separator: "/").map { $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0) }.joined(separator: "/"))
    }

    private static func rank(_ status: CaseStatus) -> Int {
        switch status {
        case .error: 0
        case .failed: 1
        case .rerecorded: 2
        case .recorded: 3
        case .passed: 4
        }
    }

    static func anchor(_ name: String) -> String {
        "case-" + String(name.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    /// Text for the page: the reports' one escaping rule (``ReportJUnit/escape(_:)``).
    static func escape(_ text: String) -> String { ReportJUnit.escape(text) }

    private static let style = """
    body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px;color:#1d1d22;background:#fafafa}
    h1{font-size:22px;margin:0 0 4px}.meta{color:#777;font-size:12px}
    ul.recipe{list-style:none;margin:8px 0;padding:8px 12px;background:#fff6e0;border:1px solid #f0d48a;border-radius:6px;font-family:ui-monospace,monospace;font-size:12px}
    ul.recipe .head{font-family:system-ui,sans-serif;font-weight:600;font-size:13px;margin-bottom:2px}
    .verdict{font-size:18px;font-weight:600;margin:4px 0}.verdict.ok{color:#17803d}.verdict.bad{color:#c0262d}
    table.summary{border-collapse:collapse;margin:16px 0;background:#fff}
    .summary th,.summary td{border-bottom:1px solid #e4e4e8;padding:6px 10px;text-align:left;vertical-align:top}
    .summary th{font-weight:600;background:#f0f0f3}
    .badge{display:inline-block;padding:1px 8px;border-radius:10px;font-size:12px;font-weight:600;color:#fff}
    .badge.passed{background:#17803d}.badge.failed,.badge.error{background:#c0262d}
    .badge.recorded{background:#5661b3}.badge.rerecorded{background:#b36b00}
    details.case{background:#fff;border:1px solid #e4e4e8;border-radius:8px;margin:12px 0;padding:8px 14px}
    details.case.failed,details.case.error{border-color:#e8a3a6}
    summary{cursor:pointer;font-size:15px}
    .row{display:flex;gap:12px;flex-wrap:wrap;margin:10px 0}
    figure{margin:0;flex:1 1 260px;max-width:420px}
    .stack{position:relative;cursor:pointer;outline-offset:2px}.stack img.ref{position:absolute;top:0;left:0;opacity:0}
    .stack:hover img.ref,.stack:focus img.ref{opacity:1}
    figure img{width:100%;height:auto;border:1px solid #ddd;background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px;image-rendering:pixelated}
    figure.empty div{height:160px;display:flex;align-items:center;justify-content:center;border:1px dashed #bbb;color:#999}
    figcaption{font-size:12px;color:#555;margin-top:2px}
    .failure{color:#c0262d;font-weight:600;margin:4px 0}.metrics{margin:4px 0;font-variant-numeric:tabular-nums}
    """
}
