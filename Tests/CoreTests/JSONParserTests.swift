import CoreTesting
import Foundation
import Testing
@testable import Core

@Suite(.timeLimit(.minutes(10))) struct JSONParserTests {
    private func parse(_ text: String) throws(JSONParser.Failure) -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

    private func failure(_ text: String) -> JSONParser.Failure? {
        do { _ = try parse(text); return nil } catch { return error }
    }

    @Test func everyKindOfValueIsRead() throws {
        let value = try parse(#" { "a": [1, -2.5, 3e2, 0, -0.5E-1], "b": {"c": null, "d": true, "e": false}, "s": "x" } "#)
        #expect(value == .object([
            "a": .array([.number(1), .number(-2.5), .number(300), .number(0), .number(-0.05)]),
            "b": .object(["c": .null, "d": .bool(true), "e": .bool(false)]),
            "s": .string("x"),
        ]))
        #expect(try parse("[]") == .array([]))
        #expect(try parse("{}") == .object([:]))
        #expect(try parse("\u{FEFF}7") == .number(7))
    }

    @Test func escapesIncludingSurrogatePairsBecomeTheirCharacters() throws {
        #expect(try parse(#""\" \\ \/ \b \f \n \r \t \u00e9 \u20AC \ud83d\ude00 é""#)
            == .string("\" \\ / \u{8} \u{C} \n \r \t é € 😀 é"))
    }

    @Test func theParserAgreesWithJSONDecoderOnTheShippedFiles() throws {
        let config = packageRoot.appendingPathComponent("Config")
        let scenarios = try FileManager.default.contentsOfDirectory(atPath: config.appendingPathComponent("scenarios").path)
        let files = ["default.json"] + scenarios.map { "scenarios/\($0)" }
        #expect(files.count > 5)
        for file in files {
            let data = try Data(contentsOf: config.appendingPathComponent(file))
            #expect(try JSONParser.parse(Array(data)) == JSONDecoder().decode(JSONValue.self, from: data), "\(file)")
        }
    }

    @Test(arguments: [
        ("", 1, 1, "unexpected end of the file, expected a value"),
        ("{", 1, 2, "expected a key in quotes"),
        ("{\"a\" 1}", 1, 6, "expected : after the key \"a\", found '1'"),
        ("{\"a\": 1,}", 1, 9, "expected a key in quotes"),
        ("[1 2]", 1, 4, "expected ] or , between elements, found '2'"),
        ("[1,]", 1, 4, "expected a value, found ']'"),
        ("{\"a\": 1\n  \"b\": 2}", 2, 3, "expected } or , between members, found '\"'"),
        ("tru", 1, 4, "expected true"),
        ("01", 1, 2, "unexpected text after the JSON value"),
        ("-", 1, 2, "expected a digit"),
        ("1.", 1, 3, "expected a digit after the decimal point"),
        ("1e+", 1, 4, "expected a digit in the exponent"),
        ("1e400", 1, 1, "the number 1e400 is out of range"),
        ("\"abc", 1, 5, "unterminated string"),
        ("\"a\u{1}\"", 1, 3, "a control character inside a string (write it as an escape)"),
        ("\"\\x\"", 1, 3, "unknown escape \\'x'"),
        ("\"\\u12\"", 1, 6, "expected four hex digits after \\u"),
        ("\"\\ud83d\"", 1, 8, "a lone surrogate in \\u escape"),
        ("\"\\ud83d\\u0041\"", 1, 14, "a lone surrogate in \\u escape"),
        ("\"\\ude00\"", 1, 8, "a lone surrogate in \\u escape"),
        ("é", 1, 1, "expected a value, found byte 0xC3"),
    ])
    func syntaxErrorsSayWhereAndWhat(_ text: String, line: Int, column: Int, problem: String) {
        #expect(failure(text) == JSONParser.Failure(line: line, column: column, problem: problem))
    }

    @Test func aRepeatedKeyIsAnErrorAtTheSecondOccurrence() {
        #expect(failure(#"{"a": 1, "a": 2}"#) == JSONParser.Failure(line: 1, column: 10, problem: #"the key "a" appears twice in this object"#))
        #expect(failure("{\n  \"x\": {\"b\": 1,\n        \"b\": [1]}}")
            == JSONParser.Failure(line: 3, column: 9, problem: #"the key "b" appears twice in this object"#))
        // Written differently, the same key: escapes are compared after decoding.
        #expect(failure(#"{"é": 1, "\u00e9": 2}"#)?.problem == #"the key "é" appears twice in this object"#)
        // The same name in different objects is no repetition.
        #expect(failure(#"{"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}"#) == nil)
    }

    @Test func aConfigurationFileWithARepeatedKeyIsRefusedWithLineAndColumn() {
        #expect(throws: ConfigurationError(
            file: "Config/x.json", keyPath: "",
            problem: #"not valid JSON (line 2, column 3: the key "requestTimeout" appears twice in this object)"#)) {
            try JSONValue.parse(Data("{\"requestTimeout\": 5,\n  \"requestTimeout\": 50}".utf8), file: "Config/x.json")
        }
    }

    @Test func invalidUTF8InAStringIsAnError() {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
    }

    @Test func nestingPastTheLimitIsAnErrorNotACrash() throws {
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: JSONParser.maximumDepth + 1)
        #expect(failure(deep)?.problem == "nested deeper than \(JSONParser.maximumDepth) levels")
        let allowed = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        #expect(failure(allowed) == nil)
    }

    @Test func aBadFileIsAConfigurationErrorThatSaysWhere() {
        #expect(throws: ConfigurationError(file: "Config/x.json", keyPath: "", problem: "not valid JSON (line 1, column 9: expected a key in quotes)")) {
            try JSONValue.parse(Data(#"{"a": 1,}"#.utf8), file: "Config/x.json")
        }
    }

    /// What is written as JSON (a recording's lines, a value quoted in a message) holds no
    /// control, C1 or bidi character raw, and reads back as it was (Docs/security.md, "Outside
    /// text").
    @Test func writtenJSONEscapesEveryCharacterThatActsOnATerminalAndReadsBack() throws {
        for slice in OutsideTextTests.everyScalarInSlices {
            let value = JSONValue.object([slice: .array([.string(slice)])])
            let text = value.description
            let from = "the slice from U+\(String(slice.unicodeScalars.first!.value, radix: 16))"
            let isSafe = !text.unicodeScalars.contains(where: OutsideTextTests.actsOnATerminal)
            #expect(isSafe, "\(from)")
            let readsBack = try JSONParser.parse(Array(text.utf8)) == value
            #expect(readsBack, "\(from)")
        }
        #expect(JSONValue.string("\u{9B}\u{9D}\u{202E}\u{7F}").description == #""\u009b\u009d\u202e\u007f""#)
    }

    /// A bad value or key from a file is quoted with its escapes, never raw.
    @Test func aBadKeyOrValueIsQuotedEscapedInTheMessage() throws {
        let text = #"{"retry": {"\u001b]0;nestpwn\u0007": 1, "login": "\u009b31m\u202e"}}"#
        let json = try JSONValue.parse(Data(text.utf8), file: "c.json")
        let retry = try JSONReader(file: "c.json", value: json).object(known: ["retry"])["retry"]!
        #expect(throws: ConfigurationError(file: "c.json", keyPath: #"retry."\u001b]0;nestpwn\u0007""#, problem: "unknown key (known keys: login)")) {
            _ = try retry.object(known: ["login"])
        }
        let login = try #require(try retry.dictionary().first { $0.key == "login" }?.reader)
        #expect(throws: ConfigurationError(file: "c.json", keyPath: "retry.login", problem: #"expected a number, got "\u009b31m\u202e""#)) {
            _ = try login.number()
        }
    }
}
