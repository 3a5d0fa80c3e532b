import XCTest
@testable import InklingCLI

/// The command tree: help, version, and usage errors before any work.
final class CommandLineTests: XCTestCase {
    func testVersion() async {
        let (status, io) = await inkling("--version")
        XCTAssertEqual(status, 0)
        XCTAssertEqual(io.stdout, "inkling \(RootCommand.version)\n")
    }

    func testTopLevelHelpListsEveryCommandAndExitCodes() async {
        let (status, io) = await inkling("--help")
        XCTAssertEqual(status, 0)
        for command in RootCommand.subcommands {
            XCTAssertTrue(io.stdout.contains(command.configuration.name), command.configuration.name)
        }
        XCTAssertTrue(io.stdout.contains("2 usage error"))
    }

    func testNoArgumentsIsAUsageError() async {
        let (status, io) = await inkling()
        XCTAssertEqual(status, ExitCode.usage.rawValue)
        XCTAssertFalse(io.stderrLines.isEmpty)
    }

    func testEverySubcommandHasHelp() async {
        for command in RootCommand.subcommands {
            let name = command.configuration.name
            let (status, io) = await inkling(name, "--help")
            XCTAssertEqual(status, 0, name)
            XCTAssertTrue(io.stdout.hasPrefix("OVERVIEW: "), name)
            XCTAssertTrue(io.stdout.contains("USAGE: inkling \(name)"), name)
            for option in command.configuration.arguments.options {
                XCTAssertTrue(io.stdout.contains("--\(option.name)"), "\(name) --\(option.name)")
            }
            let (helpStatus, helpIO) = await inkling("help", name)
            XCTAssertEqual(helpStatus, 0)
            XCTAssertEqual(helpIO.stdout, io.stdout)
        }
    }

    func testUnknownCommand() async {
        let (status, io) = await inkling("paint")
        XCTAssertEqual(status, ExitCode.usage.rawValue)
        XCTAssertEqual(io.stderrLines.count, 1)
        XCTAssertTrue(io.stderrLines[0].contains("unknown command 'paint'"))
    }

    func testMistypedCommandSuggestsTheClosest() async {
        var (status, io) = await inkling("rendr", "x.json")
        XCTAssertEqual(status, ExitCode.usage.rawValue)
        XCTAssertEqual(io.stderrLines.count, 1)
        XCTAssertTrue(io.stderrLines[0].hasPrefix("inkling: unknown command 'rendr'; did you mean 'render'?"), io.stderrLines[0])
        (status, io) = await inkling("help", "convet")
        XCTAssertTrue(io.stderrLines.first?.contains("did you mean 'convert'?") == true, io.stderrLines.joined())
        (status, io) = await inkling("paint")
        XCTAssertFalse(io.stderrLines.joined().contains("did you mean"), "nothing is two edits from paint")
    }

    /// A PNG is never written under another format's name.
    func testImageOutputsRefuseOtherExtensions() async throws {
        let dir = try temporaryDirectory()
        let cases: [([String], String)] = [
            (["guide", repoPath("Strokes/single-tap.json"), "-o", dir.appendingPathComponent("map.jpg").path],
             "inkling guide: --output map.jpg: writes PNG only (a guidance map must stay exact, and JPEG would blur its edges); name it map.png"),
            (["contact-sheet", "a.png", "-o", dir.appendingPathComponent("sheet.webp").path],
             "inkling contact-sheet: --output sheet.webp: writes PNG only"),
            (["compare", "a.png", "b.png", "--diff", dir.appendingPathComponent("diff.JPEG").path], "inkling compare: --diff diff.JPEG: writes PNG only"),
        ]
        for (arguments, expected) in cases {
            let (status, io) = await inkling(arguments)
            XCTAssertEqual(status, ExitCode.usage.rawValue, arguments.joined(separator: " "))
            XCTAssertTrue(io.stderrLines.first?.hasPrefix(expected) == true, io.stderrLines.joined())
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [], "nothing written")
        // .png in any case, and a name without an extension, are PNG names.
        for name in ["map.PNG", "map"] {
            let (status, io) = await inkling("guide", repoPath("Strokes/single-tap.json"), "-o", dir.appendingPathComponent(name).path, "--size", "32x32")
            XCTAssertEqual(status, 0, io.stderrLines.joined())
        }
    }

    /// `inkling-fake-engines --help` prints its usage and stops: no file named `--help`, no servers.
    func testFakeEnginesHelpIsHelp() throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("inkling-fake-engines")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: executable.path), "no built inkling-fake-engines at \(executable.path)")
        let dir = try temporaryDirectory()
        for arguments in [["--help"], ["-h"], ["--help", "60"]] {
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.currentDirectoryURL = dir
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0, arguments.joined(separator: " "))
            XCTAssertTrue(text.hasPrefix("usage: inkling-fake-engines"), text)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path), [], "nothing written")
    }

    /// `doctor` checks every engine unless told one, and its help says so.
    func testDoctorHelpSaysItChecksEveryEngine() async {
        let (_, io) = await inkling("doctor", "--help")
        XCTAssertTrue(io.stdout.contains("Check only this engine: builtin, or one named in the engine configuration. (default: all)"), io.stdout)
    }

    func testUnknownOptionSuggestsTheClosest() async {
        let (status, io) = await inkling("guide", "x.json", "-o", "x.png", "--encodng", "soft")
        XCTAssertEqual(status, ExitCode.usage.rawValue)
        XCTAssertEqual(io.stderrLines, ["inkling guide: unknown option '--encodng'; did you mean '--encoding'?"])
    }

    func testMalformedValuesAreRejectedBeforeWork() async {
        let cases: [([String], String)] = [
            (["--size", "big"], "invalid value 'big' for --size: expected WxH with sides 1…8192, such as 1024x768"),
            (["--size", "0x10"], "invalid value '0x10' for --size"),
            (["--size", "99999x10"], "invalid value '99999x10' for --size"),
            (["--encoding", "sketchy"], "expected one of scribble, soft, distance, confidence"),
            (["--fit", "squash"], "expected one of fit, fill, stretch"),
            (["--padding", "0.9"], "--padding must be within 0…0.45"),
            (["--line-width", "nan"], "invalid value 'nan' for --line-width"),
            (["--max-strokes", "0"], "--max-strokes must be at least 1"),
        ]
        for (extra, expected) in cases {
            // The drawing does not exist: a usage error must be found before trying to read it.
            let (status, io) = await inkling(["guide", "/nonexistent.json", "-o", "/nonexistent/out.png"] + extra)
            XCTAssertEqual(status, ExitCode.usage.rawValue, "\(extra)")
            XCTAssertEqual(io.stderrLines.count, 1, "\(extra)")
            XCTAssertTrue(io.stderrLines.first?.contains(expected) ?? false, "\(extra): \(io.stderrLines)")
        }
    }

    func testMissingValueAndMissingArgument() async {
        var (status, io) = await inkling("guide", "a.json", "-o")
        XCTAssertEqual(status, ExitCode.usage.rawValue)
        XCTAssertTrue(io.stderrLines[0].contains("--output needs a value"))
        (status, io) = await inkling("guide")
        XCTAssertEqual(status, ExitCode.usage.rawValue)
        XCTAssertTrue(io.stderrLines[0].contains("missing drawing"))
        (status, io) = await inkling("guide", "a.json")
        XCTAssertEqual(status, ExitCode.usage.rawValue)
        XCTAssertTrue(io.stderrLines[0].contains("missing --output"))
        (status, io) = await inkling("guide", "a.json", "b.json", "-o", "x.png")
        XCTAssertEqual(status, ExitCode.usage.rawValue)
        XCTAssertTrue(io.stderrLines[0].contains("unexpected argument 'b.json'"))
    }

    func testEqualsFormAndDoubleDash() throws {
        let spec = ArgumentSpec(positionals: [.init("file", help: "")], options: [.init("size", value: "WxH", help: "")])
        let parsed = try ParsedArguments(["--size=4x3", "--", "-weird-name.json"], spec: spec)
        XCTAssertEqual(parsed.options["size"], "4x3")
        XCTAssertEqual(parsed.positionals, ["-weird-name.json"])
    }
}
