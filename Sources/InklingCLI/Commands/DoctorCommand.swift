import InklingBase
import Foundation
import Inkling
import InklingBuiltInEngine
import InklingCluster
import InklingEngines

/// `inkling doctor`: says, one line per engine, whether it can generate here and why not.
struct DoctorCommand: InklingCommand {
    static let configuration = CommandConfiguration(
        name: "doctor",
        abstract: "Check each configured engine: reachable, models and settings present, sizes, languages.",
        discussion: """
        Prints where the engine configuration was read from, then one line per engine (the
        built-in one first): whether it is available, whether its server answered, whether each
        configured model is installed, whether the server lists the sampler and scheduler a
        render will use, its sizes and its languages; when it is unavailable, why, naming the
        valid choices and the setting to fix. An engine with several endpoints (a pool) is
        followed by one indented line per endpoint; the pool is available when one of them is.
        Engines are checked concurrently. With --cluster URL it checks that Redis instead: reachable,
        version 7.0 or later, Lua scripts allowed, persistence (AOF) and the eviction policy
        (noeviction), then the cluster's live members and queue (see docs/cluster.md).
        Exits 0 when every engine checked (or the cluster's Redis) is fit, 4 when one is not.
        """,
        arguments: ArgumentSpec(flags: [.init("json", help: "Print the reports as one JSON document instead of lines.")]).including(EngineOptions.checkSpec).including(ArgumentSpec(options: [ClusterOptions.spec.options[0]])))

    var engines: EngineOptions
    var cluster: ClusterSettings?
    var json: Bool

    init(parsing arguments: ParsedArguments) throws(CommandFailure) {
        json = arguments.flag("json")
        engines = try EngineOptions(arguments)
        cluster = try ClusterOptions(arguments).settings
    }

    func run(io: any CommandIO) async throws(CommandFailure) -> ExitCode {
        if let cluster {
            let findings = await ClusterDoctor.check(cluster)
            if json {
                let list = findings.map { f -> JSONValue in ["ok": .bool(f.ok), "warning": .bool(f.warning), "line": .string(f.line)] }
                try io.print(Self.text(["cluster": .array(list), "fit": .bool(findings.allSatisfy(\.ok))]))
                return findings.allSatisfy(\.ok) ? .success : .failure
            }
            for finding in findings { try io.print((finding.ok ? (finding.warning ? "warning: " : "") : "problem: ") + finding.line) }
            return findings.allSatisfy(\.ok) ? .success : .failure
        }
        let configuration = try CLIEngine.load(engines)
        var names = [EngineConfiguration.builtinName] + configuration.engines.map(\.name)
        if let only = engines.engine {
            guard names.contains(only) else { throw CLIEngine.failure(.unknownEngine(only, configured: configuration.engines.map(\.name), path: configuration.path)) }
            names = [only]
        }
        let location = EngineConfiguration.location(flag: engines.configPath, environment: ProcessInfo.processInfo.environment).path
        if !json { try io.print(Self.header(configuration, location: location)) }
        let list = names
        let reports = await withTaskGroup(of: (Int, Availability).self) { group in
            for (index, name) in list.enumerated() {
                group.addTask {
                    let engine = (try? configuration.engine(named: name)) ?? BuiltInEngine()
                    return (index, Availability(engine: engine, diagnosis: await engine.diagnose()))
                }
            }
            var results: [(Int, Availability)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
        if json {
            let entries = reports.map { report -> JSONValue in
                var entry = report.jsonValue.object ?? [:]
                if let kind = configuration.entry(named: report.engine)?.kind { entry["kind"] = .string(kind.rawValue) }
                return .object(entry)
            }
            try io.print(Self.text([
                "configuration": configuration.path.map(JSONValue.string) ?? .null, "location": .string(location),
                "engines": .array(entries), "available": .bool(reports.allSatisfy(\.available)),
            ]))
            return reports.allSatisfy(\.available) ? .success : .failure
        }
        for report in reports {
            try io.print(Self.line(report, kind: configuration.entry(named: report.engine)?.kind))
            for member in report.endpoints { try io.print("  " + Self.endpointLine(member)) }
        }
        return reports.allSatisfy(\.available) ? .success : .failure
    }

    /// Pretty, key-sorted JSON text.
    static func text(_ members: [String: JSONValue]) -> String {
        var writer = JSONWriter(pretty: true)
        writer.value(.object(members))
        return writer.text
    }

    /// `configuration: PATH (2 engines; externalProvider → comfyui)` or the default location's absence.
    static func header(_ configuration: EngineConfiguration, location: String) -> String {
        guard let path = configuration.path else {
            return "configuration: none at \(location) (only the built-in engine; see docs/engines.md)"
        }
        let count = configuration.engines.count
        let external = configuration.externalProvider.map { "; externalProvider → \($0)" } ?? ""
        return "configuration: \(path) (\(count) engine\(count == 1 ? "" : "s")\(external))"
    }

    /// The checked facts that are settings rather than models: printed after the models.
    static let settingRoles: Set<String> = ["sampler", "scheduler", "size"]

    /// One endpoint of a pool: `endpoint URL: verdict; reachability; models; settings`.
    static func endpointLine(_ report: Availability) -> String {
        "endpoint \(report.endpoint ?? "?"): " + facts(report).joined(separator: "; ")
    }

    /// One engine's line: verdict (or the reasons, naming the valid choices), reachability, the
    /// configured models, then the checked settings, each present, missing or not listed.
    static func line(_ report: Availability, kind: EngineKind?) -> String {
        let where_ = [kind?.rawValue, report.endpoint].compactMap { $0 }.joined(separator: ", ")
        let name = report.engine + (where_.isEmpty ? "" : " (\(where_))")
        var fields = facts(report)
        fields.append("sizes " + report.sizes.map(\.description).joined(separator: ", "))
        fields.append("languages " + report.languages.joined(separator: ", "))
        return "\(name): " + fields.joined(separator: "; ")
    }

    /// The verdict (or reasons), reachability, models, then settings.
    static func facts(_ report: Availability) -> [String] {
        var fields: [String] = []
        fields.append(report.available ? "available" : report.reasons.joined(separator: "; "))
        if let reachable = report.reachable { fields.append(reachable ? "reachable" : "unreachable") }
        let settings = report.models.filter { settingRoles.contains($0.role) }
        let models = report.models.filter { !settingRoles.contains($0.role) }
        for group in [models, settings] where !group.isEmpty {
            fields.append(group.map { model in
                let state = model.present.map { $0 ? "present" : "missing" } ?? "not listed by the server"
                return "\(model.role) \(model.name) \(state)"
            }.joined(separator: ", "))
        }
        return fields
    }
}
