import Foundation
import Inkling
import InklingBuiltInEngine
import InklingConditioning
import InklingEngines
import InklingRemoteEngines
import XCTest

/// The engine configuration file: the documented example, where it is found, and hostile input.
final class EngineConfigurationTests: XCTestCase {
    private let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/engines.example.json").standardized.path

    private func parse(_ text: String) throws -> EngineConfiguration {
        try EngineConfiguration.parse(Array(text.utf8), path: "engines.json")
    }

    private func engine(_ body: String) -> String {
        #"{"engines": {"comfyui": {"kind": "comfyui", "endpoint": "http://127.0.0.1:8188", "models": {"checkpoint": "sd.safetensors"}"# + body + "}}}"
    }

    func testReadsTheDocumentedExample() async throws {
        let configuration = try EngineConfiguration.read(path: example)
        XCTAssertEqual(configuration.engines.map(\.name), ["comfyui", "forge", "openai", "sdcpp"])
        XCTAssertEqual(configuration.externalProvider, "comfyui")
        let comfy = try XCTUnwrap(configuration.entry(named: "comfyui"))
        XCTAssertEqual(comfy.kind, .comfyui)
        XCTAssertEqual(comfy.models.controlNet, "controlnet-scribble-sdxl-1.0.safetensors")
        XCTAssertEqual(comfy.sizes.first, PixelSize(width: 1024, height: 1024))
        XCTAssertEqual(comfy.defaults.sampler, "dpmpp_2m")
        XCTAssertEqual(configuration.entry(named: "openai")?.apiKeyEnvironment, "OPENAI_API_KEY")
        XCTAssertEqual(configuration.entry(named: "sdcpp")?.enabled, false)
        XCTAssertEqual(configuration.entry(named: "forge")?.defaults.steps, 20)
        XCTAssertEqual(try configuration.engineName(for: .externalProvider), "comfyui")
        XCTAssertEqual(try configuration.engineName(for: .sketch), "builtin")
        XCTAssertTrue(try configuration.engine(named: "comfyui") is ComfyUIEngine)
        XCTAssertTrue(try configuration.engine(named: "forge") is Automatic1111Engine)
        XCTAssertTrue(try configuration.engine(named: "openai") is OpenAIImagesEngine)
        XCTAssertTrue(try configuration.engine(named: "builtin") is BuiltInEngine)
        XCTAssertEqual(try configuration.engine(named: "forge").identifier, "forge")
        let disabled = await (try configuration.engine(named: "sdcpp", environment: [:])).availability()
        XCTAssertEqual(disabled, .unavailable(reason: "the sdcpp engine is disabled in the engine configuration (\"enabled\": false)"))
        let keyless = await (try configuration.engine(named: "openai", environment: [:])).diagnose()
        XCTAssertEqual(keyless.reachable, nil, "no request is made without the key")
        guard case .unavailable(let reason) = keyless.availability else { return XCTFail("\(keyless)") }
        XCTAssertTrue(reason.contains("$OPENAI_API_KEY, which is not set"), reason)
        XCTAssertThrowsError(try configuration.engine(named: "dalle")) { error in
            XCTAssertEqual((error as? EngineConfigurationError)?.description,
                           "no engine named 'dalle' in \(example); available: builtin, comfyui, forge, openai, sdcpp")
        }
    }

    func testLocationFlagThenEnvironmentThenDefault() throws {
        XCTAssertEqual(EngineConfiguration.location(flag: "a.json", environment: ["INKLING_CONFIG": "b.json"]).path, "a.json")
        XCTAssertEqual(EngineConfiguration.location(flag: nil, environment: ["INKLING_CONFIG": "b.json"]).namedBy, "$INKLING_CONFIG")
        XCTAssertEqual(EngineConfiguration.location(flag: nil, environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]).path, "/x/inkling/engines.json")
        let home = EngineConfiguration.location(flag: nil, environment: ["HOME": "/h"])
        XCTAssertEqual(home.path, "/h/.config/inkling/engines.json")
        XCTAssertNil(home.namedBy)
        let none = try EngineConfiguration.load(environment: ["HOME": "/nonexistent-\(UUID())"])
        XCTAssertEqual(none.engines, [])
        XCTAssertNil(none.path)
        XCTAssertThrowsError(try EngineConfiguration.load(environment: ["INKLING_CONFIG": "/nonexistent/engines.json"])) { error in
            XCTAssertEqual((error as? EngineConfigurationError)?.description,
                           "engine configuration /nonexistent/engines.json (from $INKLING_CONFIG) does not exist: create it (see docs/engines.md) or fix $INKLING_CONFIG")
        }
        XCTAssertEqual(try EngineConfiguration.load(environment: ["INKLING_CONFIG": example]).engines.count, 4)
    }

    func testHostileConfigurationsGetPathNamingErrors() {
        let cases: [(String, String)] = [
            ("", "engine configuration engines.json is not valid JSON"),
            ("[1, 2]", "engine configuration engines.json: $: expected an object, got [1,2]"),
            (#"{"engines": {"a": {"kind": "comfyui", "endpont": "x"}}}"#, #"engines.a.endpont: unknown key; did you mean "endpoint"? (known: apiKeyEnvironment, "#),
            (#"{"version": 2}"#, "version: this Inkling reads version 1"),
            (#"{"engines": {"a": {"endpoint": "http://h"}}}"#, "engines.a: missing \"kind\""),
            (#"{"engines": {"a": {"kind": "midjourney", "endpoint": "http://h"}}}"#, "engines.a.kind: unknown kind \"midjourney\"; expected comfyui, automatic1111, openai"),
            (#"{"engines": {"a": {"kind": "openai", "endpoint": "ftp://h"}}}"#, "engines.a.endpoint: expected http://host:port"),
            (#"{"engines": {"a": {"kind": "openai", "endpoint": "http://h/?key=sk-1"}}}"#, "engines.a.endpoint: expected http://host:port"),
            (#"{"engines": {"a": {"kind": "openai", "endpoint": "http://user:pw@h"}}}"#, "engines.a.endpoint"),
            (#"{"engines": {"builtin": {"kind": "openai", "endpoint": "http://h"}}}"#, "engines.builtin: 'builtin' is the built-in engine's name"),
            (#"{"engines": {"a b": {"kind": "openai", "endpoint": "http://h"}}}"#, "engines.a b: engine names are 1…32 letters"),
            (#"{"engines": {"a": {"kind": "comfyui", "endpoint": "http://h"}}}"#, "engines.a: a comfyui engine needs models.checkpoint"),
            (engine(#", "sizes": ["1000x1001"]"#), #"engines.comfyui.sizes[0]: expected sides that are multiples of 8 for this engine, got "1000x1001""#),
            (engine(#", "sizes": ["99999x64"]"#), #"engines.comfyui.sizes[0]: expected WxH with sides 64…4096, such as 1024x768, got "99999x64""#),
            (engine(#", "sizes": []"#), "engines.comfyui.sizes: expected at least one entry"),
            (engine(#", "sizes": [1024]"#), "engines.comfyui.sizes[0]: expected a string, got 1024"),
            (engine(#", "languages": ["English"]"#), "engines.comfyui.languages[0]: expected a BCP 47 primary language code"),
            (engine(#", "apiKeyEnvironment": "sk-live-1234""#), "engines.comfyui.apiKeyEnvironment: expected an environment variable name"),
            (engine(#", "defaults": {"steps": 0}"#), "engines.comfyui.defaults.steps: expected a whole number within 1…150, got 0"),
            (engine(#", "defaults": {"cfgScale": "high"}"#), "engines.comfyui.defaults.cfgScale: expected a number within 0…30, got \"high\""),
            (engine(#", "timeoutSeconds": -1"#), "engines.comfyui.timeoutSeconds: expected a number within 0.1…3600, got -1"),
            (engine(#", "enabled": "yes""#), "engines.comfyui.enabled: expected true or false"),
            (#"{"externalProvider": "comfyui", "engines": {}}"#, "externalProvider: names 'comfyui', which is not among the configured engines"),
            (String(repeating: "[", count: 100_000), "engine configuration engines.json is not valid JSON: expected at most 16 levels of nesting, got deeper at byte 16"),
            (#"{"engines": {"a": "#, "is not valid JSON"),
        ]
        for (text, fragment) in cases {
            XCTAssertThrowsError(try parse(text), text) { error in
                let message = (error as? EngineConfigurationError)?.description ?? "\(error)"
                XCTAssertTrue(message.contains(fragment), "\(text.prefix(80)) → \(message)")
                XCTAssertFalse(message.contains("\n"), message)
            }
        }
    }

    func testOversizedAndUnreadableFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inkling-config-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = dir.appendingPathComponent("big.json")
        try Data(("{\"engines\": {}, \"x\": \"" + String(repeating: "a", count: 2 << 20) + "\"}").utf8).write(to: big)
        XCTAssertThrowsError(try EngineConfiguration.read(path: big.path)) { error in
            XCTAssertTrue("\(error)".contains("over the 1048576-byte limit"), "\(error)")
        }
        XCTAssertThrowsError(try EngineConfiguration.read(path: dir.path)) { error in
            XCTAssertTrue("\(error)".contains("cannot be read"), "\(error)")
        }
    }
}
