/// Renders `--help` text from a ``CommandConfiguration``.
enum HelpFormatter {
    /// The help screen of one subcommand.
    static func help(for configuration: CommandConfiguration, tool: String = "inkling") -> String {
        let spec = configuration.arguments
        var usage = "\(tool) \(configuration.name)"
        for p in spec.positionals { usage += p.repeats ? " <\(p.valueName)> ..." : " <\(p.valueName)>" }
        if !spec.options.isEmpty || !spec.flags.isEmpty { usage += " [options]" }
        var lines = ["OVERVIEW: \(configuration.abstract)", "", "USAGE: \(usage)"]
        if !configuration.discussion.isEmpty { lines += ["", configuration.discussion] }
        if !spec.positionals.isEmpty {
            lines += ["", "ARGUMENTS:"]
            lines += spec.positionals.map { row("<\($0.valueName)>", $0.help) }
        }
        lines += ["", "OPTIONS:"]
        for o in spec.options {
            let names = (o.short.map { "-\($0), " } ?? "") + "--\(o.name) <\(o.valueName)>"
            lines.append(row(names, o.help + (o.defaultValue.map { " (default: \($0))" } ?? "")))
        }
        for f in spec.flags {
            lines.append(row((f.short.map { "-\($0), " } ?? "") + "--\(f.name)", f.help))
        }
        lines.append(row("-h, --help", "Show help information."))
        return lines.joined(separator: "\n")
    }

    /// One two-column row, wrapping the name onto its own line when it is long.
    static func row(_ name: String, _ text: String) -> String {
        let column = 28
        let padded = "  " + name
        if padded.count >= column - 1 {
            return padded + "\n" + String(repeating: " ", count: column) + text
        }
        return padded + String(repeating: " ", count: column - padded.count) + text
    }
}
