import Foundation
import InklingComparison
import InklingConditioning
import XCTest
@testable import InklingRegression

/// Reading case folders and manifests: defaults, every key, and malformed, hostile and oversized files.
final class CaseReaderTests: XCTestCase {
    func testDefaultsAndEveryKey() throws {
        let root = try RegressionFixtures.temporaryFolder()
        RegressionFixtures.writeCaseQuietly("plain", in: root, caseJSON: #"{"drawing": "drawing.json"}"#)
        RegressionFixtures.writeCaseQuietly("full", in: root, caseJSON: """
        {"drawing": "drawing.json", "prompt": "a boat", "extract": "notes.txt", "title": "Harbour", "source": "photo.png",
         "style": "sketch", "size": "640x480", "seed": 9, "variations": 3, "strength": 0.8, "guidanceStart": 0.1,
         "guidanceEnd": 0.7, "mode": "balanced", "sourceStrength": 0.5, "personalization": false,
         "tolerance": {"precision": 0.99, "perceptualPrecision": 0.98, "minimumSSIM": 0.95, "minimumPSNR": 30},
         "minimumAdherence": 0.4}
        """)
        let cases = try CaseReader.cases(at: root)
        XCTAssertEqual(cases.map(\.name), ["full", "plain"])
        let plain = cases[1]
        XCTAssertEqual(plain.tolerance, .exact)
        XCTAssertEqual(plain.variations, 1)
        XCTAssertEqual(plain.guidance, .default)
        XCTAssertEqual(plain.references.map(\.lastPathComponent), ["reference.png"])
        let full = cases[0]
        XCTAssertEqual(full.style, .sketch)
        XCTAssertEqual(full.size, PixelSize(width: 640, height: 480))
        XCTAssertEqual(full.guidance, GuidanceControls(strength: 0.8, start: 0.1, end: 0.7, mode: .balanced))
        XCTAssertEqual(full.tolerance, ComparisonTolerance(precision: 0.99, perceptualPrecision: 0.98, minimumSSIM: 0.95, minimumPSNR: 30))
        XCTAssertEqual(full.references.map(\.lastPathComponent), ["reference-1.png", "reference-2.png", "reference-3.png"])
        XCTAssertEqual(full.personalization, false)
        XCTAssertEqual(full.minimumAdherence, 0.4)
        XCTAssertEqual(full.extract?.lastPathComponent, "notes.txt")
    }

    func testManifestCasesShareAFolder() throws {
        let root = try RegressionFixtures.temporaryFolder()
        try Data(RegressionFixtures.drawingJSON.utf8).write(to: root.appendingPathComponent("d.json"))
        let manifest = root.appendingPathComponent("suite.json")
        try Data(#"{"cases": [{"name": "b-two", "drawing": "d.json", "variations": 2}, {"name": "a.one", "drawing": "d.json"}]}"#.utf8).write(to: manifest)
        let cases = try CaseReader.cases(at: manifest)
        XCTAssertEqual(cases.map(\.name), ["a.one", "b-two"])
        XCTAssertEqual(cases[0].references.map { $0.pathComponents.suffix(2).joined(separator: "/") }, ["references/a.one.png"])
        XCTAssertEqual(cases[1].references.map(\.lastPathComponent), ["b-two-1.png", "b-two-2.png"])
    }

    /// Each malformed case gives one error naming the file and what is wrong.
    func testMalformedCasesNameTheProblem() throws {
        let bad: [(String, String)] = [
            (#"{"drawing": "drawing.json", "strenght": 0.5}"#, #"strenght: unknown key; did you mean "strength"?"#),
            (#"{"prompt": "no drawing"}"#, "drawing: expected the path of the drawing file, got nothing"),
            (#"{"drawing": "drawing.json", "strength": 1.5}"#, "strength: expected a number within 0…1, got 1.5"),
            (#"{"drawing": "drawing.json", "strength": "high"}"#, #"strength: expected a number within 0…1, got "high""#),
            (#"{"drawing": "drawing.json", "strength": true}"#, "strength: expected a number within 0…1, got true"),
            (#"{"drawing": "drawing.json", "personalization": 1}"#, "personalization: expected true or false, got 1"),
            (#"{"drawing": "drawing.json", "variations": 5}"#, "variations: expected a whole number within 1…4, got 5"),
            (#"{"drawing": "drawing.json", "variations": 1.5}"#, "variations: expected a whole number within 1…4"),
            (#"{"drawing": "drawing.json", "seed": -1}"#, "seed: expected a whole number within 0…18446744073709551614, got -1"),
            (#"{"drawing": "drawing.json", "seed": 18446744073709551615}"#, "seed: expected a whole number within 0…18446744073709551614"),
            (#"{"drawing": "drawing.json", "size": "0x0"}"#, #"size: expected WxH with sides 16…8192, such as 1024x768, got "0x0""#),
            (#"{"drawing": "drawing.json", "size": "512"}"#, "size: expected WxH with sides 16…8192"),
            (#"{"drawing": "drawing.json", "style": "oil"}"#, "style: expected one of animation, illustration, sketch, emoji"),
            (#"{"drawing": "drawing.json", "style": "externalProvider"}"#, "style: expected animation, illustration, sketch or emoji"),
            (#"{"drawing": "drawing.json", "mode": "loud"}"#, "mode: expected one of balanced, promptFirst, sketchFirst"),
            (#"{"drawing": "drawing.json", "guidanceStart": 0.8, "guidanceEnd": 0.2}"#, "guidanceEnd: must not be before the guidance start (0.8)"),
            (#"{"drawing": "drawing.json", "title": "T"}"#, "title: expected no title without \"extract\""),
            (#"{"drawing": "drawing.json", "tolerance": {"precission": 1}}"#, #"tolerance.precission: unknown key; did you mean "precision"?"#),
            (#"{"drawing": "drawing.json", "tolerance": 0.9}"#, "tolerance: expected an object, got 0.9"),
            (#"{"drawing": "drawing.json", "prompt": ""}"#, "prompt: expected non-empty text"),
            (#"{"drawing": "../outside.json"}"#, "drawing: ../outside.json is outside the case's folder"),
            (#"{"drawing": "/etc/passwd"}"#, "drawing: /etc/passwd is outside the case's folder"),
            (#"{"drawing": "drawing.json", "source": "a/../../b.png"}"#, "is outside the case's folder"),
            (#"["drawing"]"#, #"case.json: expected an object, got ["drawing"]"#),
            (#"{"drawing": "drawing.json""#, "case.json: expected more JSON, got the end of the input (truncated document)"),
            ("", "case.json: expected a JSON document, got empty input"),
            (String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000), "expected at most 32 levels of nesting, got deeper at byte 32"),
        ]
        for (json, fragment) in bad {
            let root = try RegressionFixtures.temporaryFolder()
            RegressionFixtures.writeCaseQuietly("c", in: root, caseJSON: json)
            XCTAssertThrowsError(try CaseReader.cases(at: root), json) { error in
                let message = String(describing: error)
                XCTAssertTrue(message.contains(fragment), "\(json.prefix(80)) → \(message)")
                XCTAssertTrue(message.hasPrefix(root.appendingPathComponent("c/case.json").path), message)
                XCTAssertFalse(message.contains("\n"))
            }
        }
    }

    func testOversizedCaseFileIsRefusedBeforeParsing() throws {
        let root = try RegressionFixtures.temporaryFolder()
        let padding = String(repeating: " ", count: CaseReader.maximumFileBytes)
        RegressionFixtures.writeCaseQuietly("big", in: root, caseJSON: #"{"drawing": "drawing.json"}"# + padding)
        XCTAssertThrowsError(try CaseReader.cases(at: root)) { error in
            guard case .caseFileTooLarge(_, let bytes, let limit) = error as? RegressionError else { return XCTFail("\(error)") }
            XCTAssertGreaterThan(bytes, limit)
        }
    }

    func testHostileManifests() throws {
        let root = try RegressionFixtures.temporaryFolder()
        let manifest = root.appendingPathComponent("m.json")
        let cases: [(String, String)] = [
            (#"{"cases": []}"#, "no cases found"),
            (#"{"cases": {}}"#, "cases: expected an array, got {}"),
            (#"{}"#, "cases: expected an array of case objects"),
            (#"{"cases": [{"drawing": "d.json"}]}"#, "cases[0].name: expected the case's name"),
            (#"{"cases": [{"name": "../escape", "drawing": "d.json"}]}"#, "cases[0].name: expected a name of letters"),
            (#"{"cases": [{"name": "x", "drawing": "d.json"}, {"name": "x", "drawing": "d.json"}]}"#, "two cases are named x"),
            (#"{"cases": [3]}"#, "cases[0]: expected an object, got 3"),
            (#"{"cases": [{"name": "x", "drawing": "d.json", "seed": 1e300}]}"#, "cases[0].seed: expected a whole number within"),
        ]
        for (json, fragment) in cases {
            try Data(json.utf8).write(to: manifest)
            XCTAssertThrowsError(try CaseReader.cases(at: manifest), json) { error in
                XCTAssertTrue(String(describing: error).contains(fragment), "\(json) → \(error)")
            }
        }
        XCTAssertThrowsError(try CaseReader.cases(at: root.appendingPathComponent("missing"))) { error in
            XCTAssertEqual(error as? RegressionError, .notFound(root.appendingPathComponent("missing").path))
        }
        let empty = try RegressionFixtures.temporaryFolder()
        XCTAssertThrowsError(try CaseReader.cases(at: empty)) { error in
            XCTAssertEqual(error as? RegressionError, .noCases(empty.path))
        }
    }
}
