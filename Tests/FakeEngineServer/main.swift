// inkling-fake-engines: starts the loopback fakes of ComfyUI, A1111/Forge, an OpenAI-compatible
// images API and stable-diffusion.cpp's sd-server (the ones the tests use), writes an engine
// configuration that points at them, and serves until killed or until the given number of
// seconds has passed.
// For trying the CLI by hand without a GPU (INKLING_FAKE_STEP_SECONDS=0.2 makes ComfyUI slow):
//
//     swift run inkling-fake-engines /tmp/engines.json 300 &
//     INKLING_FAKE_OPENAI_KEY=sk-test-123 swift run inkling doctor --config /tmp/engines.json
//     swift run inkling render Strokes/tablet-pen-house.json -p "a house" --engine comfyui --config /tmp/engines.json -o out/
import Foundation
import InklingEngineFakes

/// Writes a line to standard output at once (no buffering: callers wait for it).
func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }

let usage = "usage: inkling-fake-engines <engines.json to write> [seconds to serve, default 600]\n"
let arguments = CommandLine.arguments
if arguments.dropFirst().contains(where: { $0 == "-h" || $0 == "--help" }) {
    FileHandle.standardOutput.write(Data(usage.utf8))
    exit(0)
}
guard arguments.count >= 2, arguments.count <= 3, !arguments[1].hasPrefix("-") else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
guard let seconds = arguments.count == 3 ? Double(arguments[2]).flatMap({ $0 > 0 && $0 <= 86_400 ? $0 : nil }) : 600 else {
    FileHandle.standardError.write(Data("inkling-fake-engines: seconds must be a number in 0…86400, got \(arguments[2])\n".utf8))
    exit(2)
}
do {
    var comfyBehavior = FakeComfyUI.Behavior()
    // INKLING_FAKE_STEP_SECONDS slows ComfyUI's sampling (to try Ctrl-C mid-run).
    comfyBehavior.stepDelay = ProcessInfo.processInfo.environment["INKLING_FAKE_STEP_SECONDS"].flatMap(Double.init) ?? 0.002
    let comfyUI = try FakeComfyUI(behavior: comfyBehavior)
    let webUI = try FakeAutomatic1111()
    let images = try FakeOpenAIImages(sizes: ["1024x1024", "1536x1024", "1024x1536", "128x96"])
    var sdBehavior = FakeSDServer.Behavior()
    // INKLING_FAKE_SD_SECONDS makes each sd-server generation take that long (one at a time).
    sdBehavior.generationSeconds = ProcessInfo.processInfo.environment["INKLING_FAKE_SD_SECONDS"].flatMap(Double.init) ?? 0
    let sdServer = try FakeSDServer(controlNet: true, behavior: sdBehavior)
    let config = """
    {
      "version": 1,
      "externalProvider": "comfyui",
      "engines": {
        "comfyui": {"kind": "comfyui", "endpoint": "\(comfyUI.server.baseURL.absoluteString)",
                    "models": {"checkpoint": "\(comfyUI.checkpoints[0])", "controlNet": "\(comfyUI.controlNets[0])"}},
        "a1111": {"kind": "automatic1111", "endpoint": "\(webUI.server.baseURL.absoluteString)",
                  "models": {"checkpoint": "sd_xl_base_1.0.safetensors", "controlNet": "\(webUI.controlNets[0])"}},
        "openai": {"kind": "openai", "endpoint": "\(images.server.baseURL.absoluteString)", "apiKeyEnvironment": "INKLING_FAKE_OPENAI_KEY",
                   "models": {"model": "gpt-image-1"}, "sizes": ["1024x1024", "1536x1024", "1024x1536"]},
        "sdcpp": {"kind": "openai", "flavor": "sd-server", "endpoint": "\(sdServer.server.baseURL.absoluteString)",
                  "models": {"controlNet": "control_v11p_sd15_scribble.safetensors"}, "sizes": ["512x512", "768x512"]}
      }
    }
    """
    try Data(config.utf8).write(to: URL(fileURLWithPath: arguments[1]))
    say("comfyui \(comfyUI.server.baseURL.absoluteString)")
    say("a1111   \(webUI.server.baseURL.absoluteString)")
    say("openai  \(images.server.baseURL.absoluteString) (API key: sk-test-123)")
    say("sdcpp   \(sdServer.server.baseURL.absoluteString) (sd-server with a ControlNet)")
    say("configuration written to \(arguments[1]); serving for \(Int(seconds)) s")
    Thread.sleep(forTimeInterval: seconds)
    let violations = comfyUI.violations + webUI.violations + images.violations + sdServer.violations
    say("protocol violations seen: \(violations.isEmpty ? "none" : violations.joined(separator: "; "))")
    withExtendedLifetime((comfyUI, webUI, images, sdServer)) {}
} catch {
    FileHandle.standardError.write(Data("inkling-fake-engines: \(error)\n".utf8))
    exit(1)
}
