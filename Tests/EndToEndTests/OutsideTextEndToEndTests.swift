import Foundation
import Testing

/// Every message either program prints about outside text — a configuration or scenario file, a
/// recording, an argument, an articles file — quotes it with its escapes, so printing the message
/// never retitles the terminal, writes its clipboard, colours it or turns its text around
/// (Docs/security.md, "Outside text"). The real binaries, every place, every kind of character.
@Suite(.timeLimit(.minutes(10))) struct OutsideTextEndToEndTests {
    /// A terminal title, a clipboard write, a colour, a C1 command, a bell, DEL and a bidi
    /// override: in JSON (`\u` escapes, for files) and as the characters themselves.
    static let payloadJSON = #"\u001b]0;pwned\u0007\u001b]52;c;cm0gLXJm\u0007\u001b[31m\u009b2J\u009d0;t\u009c\u007f\u202e"#
    static let payload = "\u{1B}]0;pwned\u{07}\u{1B}]52;c;cm0gLXJm\u{07}\u{1B}[31m\u{9B}2J\u{9D}0;t\u{9C}\u{7F}\u{202E}"

    /// Where outside text reaches a message, and how to make it happen there.
    enum Place: String, CaseIterable, CustomTestStringConvertible {
        case configKey, configValue, configFileName, scenarioFileKey, scenarioArgument, challengeArgument, serverArgument,
             unknownOption, recordingHeaderKey, recordingHeaderValue, standingsLine, answerLine, recordingFileName,
             serverArticlesFile, serverArticlesFileName, serverExperiment, serverUnknownOption
        var testDescription: String { rawValue }
    }

    private let root = FileManager.default.temporaryDirectory.appendingPathComponent("ctui-outside-\(UUID().uuidString)")

    @Test(arguments: Place.allCases) func aMessageAboutOutsideTextHoldsNothingThatActsOnATerminal(_ place: Place) throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let (status, output) = try run(place)
        #expect(status == 2, "\(output)")
        for scalar in output.unicodeScalars where scalar != "\n" {
            let value = scalar.value
            #expect(!(value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x202E), "U+\(String(value, radix: 16)) printed raw: \(output.debugDescription)")
        }
        // The message still shows what it was about.
        #expect(output.contains(#"\u001b]0;pwned\u0007"#) || output.contains(#"\u202e"#), "\(output.debugDescription)")
    }

    private func file(_ name: String, _ text: String) throws -> String {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// A demo recording with `change` made to its lines.
    private func recording(_ change: (inout [String]) -> Void) throws -> String {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let demo = try String(contentsOf: package.appendingPathComponent("Docs/demos/articles-retries.jsonl"), encoding: .utf8)
        var lines = demo.components(separatedBy: "\n")
        change(&lines)
        return try file("session.jsonl", lines.joined(separator: "\n"))
    }

    private func run(_ place: Place) throws -> (Int32, String) {
        var environment = BuiltProducts.isolatedEnvironment(dataDir: root.appendingPathComponent("data"))
        environment["XDG_CONFIG_HOME"] = root.appendingPathComponent("config").path
        let app = BuiltProducts.path("challenge-tui"), server = BuiltProducts.path("challenge-server")
        let cast = root.appendingPathComponent("out.cast").path
        let arguments: [String]
        switch place {
        case .configKey:
            arguments = [app, "--config", try file("c.json", #"{"retry": {""# + Self.payloadJSON + #"": 1}}"#)]
        case .configValue:
            arguments = [app, "--config", try file("c.json", #"{"requestTimeout": ""# + Self.payloadJSON + #""}"#)]
        case .configFileName:
            arguments = [app, "--config", root.appendingPathComponent("no-such-" + Self.payload).path]
        case .scenarioFileKey:
            _ = try file("config/challenge-tui/scenarios/mine.json", #"{"endpoints": {""# + Self.payloadJSON + #"": {}}}"#)
            arguments = [app, "--scenario", "mine"]
        case .scenarioArgument:
            arguments = [app, "--scenario", Self.payload]
        case .challengeArgument:
            arguments = [app, "--challenge", Self.payload]
        case .serverArgument:
            arguments = [app, "--backend", "http", "--server", "http://127.0.0.1:" + Self.payload]
        case .unknownOption:
            arguments = [app, "--" + Self.payload]
        case .recordingHeaderKey:
            arguments = [app, "--replay", try recording { $0[0] = $0[0].replacingOccurrences(of: #"{"backend""#, with: #"{""# + Self.payloadJSON + #"":1,"backend""#) }, "--export-cast", cast]
        case .recordingHeaderValue:
            arguments = [app, "--replay", try recording { $0[0] = $0[0].replacingOccurrences(of: #""colors":"256""#, with: #""colors":""# + Self.payloadJSON + #"""#) }, "--export-cast", cast]
        case .standingsLine:
            arguments = [app, "--replay", try recording { lines in
                let index = lines.firstIndex { $0.contains(#""standings":{"#) }!
                lines[index] = lines[index].replacingOccurrences(of: #""standings":{""#, with: #""standings":{""# + Self.payloadJSON + #"":"x",""#)
            }, "--export-cast", cast]
        case .answerLine:
            arguments = [app, "--replay", try recording { lines in
                let index = lines.firstIndex { $0.contains(#""answer":{"picture""#) }!
                lines[index] = lines[index].replacingOccurrences(of: #""answer":{"picture""#, with: #""answer":{""# + Self.payloadJSON + #"""#)
            }, "--export-cast", cast]
        case .recordingFileName:
            arguments = [app, "--replay", root.appendingPathComponent(Self.payload + ".jsonl").path, "--export-cast", cast]
        case .serverArticlesFile:
            let article = #"[{"id": 1, "title": "t", "description": "d", "author": "a", "image": "i", "release_date": ""# + Self.payloadJSON + #""}]"#
            arguments = [server, "--articles-file", try file("articles.json", article)]
        case .serverArticlesFileName:
            arguments = [server, "--articles-file", root.appendingPathComponent(Self.payload + ".json").path]
        case .serverExperiment:
            arguments = [server, "--experiment", Self.payload]
        case .serverUnknownOption:
            arguments = [server, "--" + Self.payload]
        }
        let result = try Spawn.run(arguments, environment: environment)
        return (result.status, result.output)
    }
}
