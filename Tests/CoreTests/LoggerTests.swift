import CoreTesting
import Foundation
import Testing
@testable import Core

@Suite(.timeLimit(.minutes(10))) struct LoggerTests {
    @Test func eachEventIsOneLineWithTimeLevelSubsystemAndMessage() throws {
        let folder = TemporaryDirectory()
        let logger = try Logger(path: folder.file("app.log"), time: .frozen(at: Date(timeIntervalSince1970: 1_700_000_000.25)))
        logger.info("http", "GET /rLogin -> 200")
        logger.error("store", "two\nlines")
        logger.debug("nav", "d")
        logger.warning("nav", "w")
        let text = try String(contentsOfFile: folder.file("app.log"), encoding: .utf8)
        #expect(text == """
        2023-11-14T22:13:20.250Z INFO    http: GET /rLogin -> 200
        2023-11-14T22:13:20.250Z ERROR   store: two ⏎ lines
        2023-11-14T22:13:20.250Z DEBUG   nav: d
        2023-11-14T22:13:20.250Z WARNING nav: w

        """)
        #expect(mode(of: folder.file("app.log")) == 0o600)
        #expect(logger.isEnabled)
    }

    @Test func levelsBelowTheMinimumAreDropped() throws {
        let folder = TemporaryDirectory()
        let logger = try Logger(path: folder.file("l"), level: .warning, time: .frozen())
        logger.info("x", "dropped")
        logger.error("x", "kept")
        let text = try String(contentsOfFile: folder.file("l"), encoding: .utf8)
        #expect(!text.contains("dropped") && text.contains("kept"))
        #expect(LogLevel.debug < .info && LogLevel.warning < .error)
    }

    @Test func noSecretEverReachesTheLog() throws {
        let folder = TemporaryDirectory()
        let logger = try Logger(path: folder.file("l"), time: .frozen())
        logger.info("profile", "Authorization: Bearer abc.def.ghi")
        logger.info("profile", #"body {"currentPassword":"hunter2","newPassword": "p@ss\"word","firstName":"Ada"}"#)
        logger.info("profile", "token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig and ?password=abc&user=x")
        let text = try String(contentsOfFile: folder.file("l"), encoding: .utf8)
        for secret in ["abc.def", "hunter2", "p@ss", "eyJ", "password=abc"] { #expect(!text.contains(secret)) }
        #expect(text.contains("Ada"))
        #expect(text.contains("&user=<redacted>"))
    }

    @Test func queryValuesNeverReachTheLogButTheirNamesDo() throws {
        let folder = TemporaryDirectory()
        let logger = try Logger(path: folder.file("l"), time: .frozen())
        let session = "3f2b9c1e-8d4a-4c7e-9a1b-2c3d4e5f6a7b"
        logger.info("http", "GET /rSubmitSelection?sessionId=\(session)&screen=B1&selection=Choice%20C -> 200 in 12 ms (attempt 1)")
        logger.warning("http", "GET http://127.0.0.1:3000/articles?page=2#top -> offline")
        let text = try String(contentsOfFile: folder.file("l"), encoding: .utf8)
        #expect(text.contains("GET /rSubmitSelection?sessionId=<redacted>&screen=<redacted>&selection=<redacted> -> 200 in 12 ms (attempt 1)"))
        #expect(text.contains("/articles?page=<redacted>#top -> offline"))
        for secret in [session, "B1", "Choice"] { #expect(!text.contains(secret)) }
    }

    @Test func queryRedactionLeavesTextWithoutAQueryAlone() {
        #expect(Redaction.queryValues("Couldn't reach the server (offline?)") == "Couldn't reach the server (offline?)")
        #expect(Redaction.queryValues("a=1 and b=2") == "a=1 and b=2")
        #expect(Redaction.queryValues("/x?flag&empty=&v=1;w=2") == "/x?flag&empty=&v=<redacted>;w=<redacted>")
        #expect(Redaction.forLog("/p?token=1&a=2") == "/p?token=<redacted>&a=<redacted>")
        #expect(Redaction.forLog(Redaction.forLog("/p?a=2")) == "/p?a=<redacted>")
    }

    @Test func redactionKeepsTheShapeAndRemovesTheSecret() {
        #expect(Redaction.redact("Authorization: Bearer xyz") == "Authorization: [redacted]")
        #expect(Redaction.redact("sent bearer abc123==") == "sent bearer [redacted]")
        #expect(Redaction.redact(#"{"newPassword":"a\"b","x":1}"#) == #"{"newPassword":"[redacted]","x":1}"#)
        #expect(Redaction.redact("/p?token=1&a=2") == "/p?token=[redacted]&a=2")
        #expect(Redaction.redact("nothing secret") == "nothing secret")
        #expect(Redaction.headers(["authorization": "x", "Cookie": "c", "Accept": "a"])
            == ["authorization": "[redacted]", "Cookie": "[redacted]", "Accept": "a"])
    }

    /// Each pattern runs only where its word is; the words are found whatever their case, as
    /// the patterns match them, so skipping never lets a secret through.
    @Test func redactionLooksForTheWordsThePatternsNeedInAnyCase() {
        #expect(Redaction.redact("PROXY-AUTHORIZATION= basic abc") == "PROXY-AUTHORIZATION= [redacted]")
        #expect(Redaction.redact("BeArEr t0k.en") == "BeArEr [redacted]")
        #expect(Redaction.redact("jwt eyJa.b.c end") == "jwt [redacted] end")
        #expect(Redaction.redact("not eyj.b.c") == "not eyj.b.c", "a JSON web token starts with eyJ exactly")
        #expect(Redaction.redact(#"{"api_TOKEN": "t", "Secret_Key": "s", "passphrase": "p"}"#)
            == #"{"api_TOKEN": "[redacted]", "Secret_Key": "[redacted]", "passphrase": "[redacted]"}"#)
        #expect(Redaction.redact("a&PASSWORD=x") == "a&PASSWORD=[redacted]")
        let words = Redaction.Words(in: "Authorization bearer eyJ secret")
        #expect(words.authorization && words.bearer && words.jsonWebToken && words.secretName)
        let none = Redaction.Words(in: String(repeating: "lorem ipsum authorizatio bearr eyK passwor tokn ", count: 80))
        #expect(!none.authorization && !none.bearer && !none.jsonWebToken && !none.secretName)
        #expect(!Redaction.Words(in: "").secretName)
    }

    /// What a hostile server can put in a line: a title change, a clipboard write, colours, C1
    /// controls, a bell, DEL, bidi overrides and isolates, zero-width and byte-order marks.
    static let hostilePayloads = [
        "\u{1B}]0;pwned\u{07}", "\u{1B}]52;c;cm0gLXJmIH4=\u{07}", "\u{1B}[31;1m", "\u{9B}2J", "\u{9D}0;title\u{9C}",
        "\u{07}\u{07}", "\u{7F}", "gnp.\u{202E}exe", "\u{2066}x\u{2069}", "\u{200B}\u{FEFF}", "\u{85}", "\u{2028}",
        "\u{0}\u{8}\u{B}\u{C}\u{E}",
    ]

    /// Every line, whatever its message holds, is safe to `cat`: a picture URL or a server's
    /// message with escapes in it is written with them as JSON escapes (Docs/security.md,
    /// "Outside text").
    @Test(arguments: hostilePayloads) func aServersEscapesAreWrittenEscaped(_ payload: String) throws {
        let folder = TemporaryDirectory()
        let logger = try Logger(path: folder.file("l"), time: .frozen())
        logger.warning("pictures", "no picture from http://img.example/\(payload).png (server error 500)")
        logger.info("profile", "password: refused: Current Password: \(payload)")
        logger.error("store", "folder /tmp/\(payload)/data: can't be written")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.file("l")))
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines.last == "", "three lines, each ended once")
        for scalar in text.unicodeScalars where scalar != "\n" {
            #expect(!OutsideTextTests.actsOnATerminal(scalar), "U+\(String(scalar.value, radix: 16)) reached the log")
        }
        #expect(text.contains("Current Password: \(OutsideText.escaped(payload))"))
    }

    /// A URL's password is hidden as its query values are; its user name stays.
    @Test func aURLsPasswordNeverReachesTheLog() throws {
        let folder = TemporaryDirectory()
        let logger = try Logger(path: folder.file("l"), time: .frozen())
        logger.info("http", "GET http://user:hunter2@127.0.0.1:3801/articles -> 200")
        logger.warning("pictures", "no picture from https://ada:p%40ss@img.example/a.png and ftp://x:y@h/")
        logger.info("http", "an address with an @ in its password: http://bob:se@cret@host/x")
        let text = try String(contentsOfFile: folder.file("l"), encoding: .utf8)
        for secret in ["hunter2", "p%40ss", ":y@", "se@cret", "cret"] { #expect(!text.contains(secret), "\(secret)") }
        #expect(text.contains("GET http://user:<redacted>@127.0.0.1:3801/articles -> 200"))
        #expect(text.contains("https://ada:<redacted>@img.example/a.png"))
        #expect(text.contains("http://bob:<redacted>@host/x"))
        #expect(Redaction.urlPasswords("mail ada@example.org, see http://host/a@b") == "mail ada@example.org, see http://host/a@b")
    }

    @Test func theDisabledLoggerWritesNothing() {
        #expect(!Logger.disabled.isEnabled)
        Logger.disabled.error("x", "nothing happens")
    }

    @Test func linesFromManyThreadsNeverInterleave() throws {
        let folder = TemporaryDirectory()
        let logger = try Logger(path: folder.file("l"), time: .frozen())
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            logger.info("t\(index)", String(repeating: "x", count: 500))
        }
        let lines = try String(contentsOfFile: folder.file("l"), encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 200)
        #expect(lines.allSatisfy { $0.hasSuffix(String(repeating: "x", count: 500)) && $0.contains("INFO") })
    }

    /// A log that was there already, readable by others, is made 0600 as a new one is
    /// (Docs/security.md, "The log"); what was in it stays, and lines are appended.
    @Test(arguments: [0o644, 0o666, 0o640] as [mode_t])
    func anExistingLogOpenToOthersIsMadePrivate(_ before: mode_t) throws {
        let folder = TemporaryDirectory()
        let path = folder.file("old.log")
        try Data("earlier\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, before) == 0)
        let logger = try Logger(path: path, time: .frozen())
        logger.info("app", "started")
        #expect(mode(of: path) == 0o600)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("earlier\n"))
    }

    /// A device (/dev/null, a terminal) is a log too, and not ours to change: its mode stays. A
    /// node of /dev/null's device in a folder of the test's own stands for it, so nothing of the
    /// machine's /dev is ever at stake.
    @Test(.enabled(if: geteuid() == 0, "mknod needs root"))
    func aDeviceAsTheLogKeepsItsMode() throws {
        let folder = TemporaryDirectory()
        let device = folder.file("null")
        // Major 1, minor 3: /dev/null.
        try #require(mknod(device, S_IFCHR | 0o644, (1 << 8) | 3) == 0)
        #expect(chmod(device, 0o644) == 0)
        let logger = try Logger(path: device, time: .frozen())
        logger.info("app", "started")
        #expect(mode(of: device) == 0o644)
    }

    @Test func anUnwritableLogPathIsAClearError() {
        #expect(throws: LogFileError.cannotOpen(path: "/proc/nope/log", reason: "No such file or directory")) {
            try Logger(path: "/proc/nope/log", time: .frozen())
        }
    }
}
