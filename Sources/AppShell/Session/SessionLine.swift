import Core
import TUI

/// One line of a recording after the header: what happened, and when on the session's clock.
package struct SessionEntry {
    package var time: Duration
    package var line: SessionLine
    /// The password fields as placeholders after this line, when they changed (Docs/recording.md,
    /// "No secrets").
    package var secrets: SecretPlaceholders?
    /// On `firstFrameShown`: why the encrypted store could not be opened (the app then said so).
    package var storeProblem: StoreError?
    /// Where it is in the file (1 is the header).
    package var lineNumber = 0

    package init(time: Duration, line: SessionLine, secrets: SecretPlaceholders? = nil, storeProblem: StoreError? = nil, lineNumber: Int = 0) {
        self.time = time
        self.line = line
        self.secrets = secrets
        self.storeProblem = storeProblem
        self.lineNumber = lineNumber
    }
}

/// What one line holds.
package enum SessionLine {
    /// The loop started the app.
    case start
    /// A key, a click or the wheel, a paste (a password's characters already placeholders).
    case key(Key)
    /// The terminal's new size.
    case resize(Size)
    /// An effect's answer for screen `screen` (counted in the order screens were opened, the
    /// launcher 0), as that screen's feature writes it.
    case answer(screen: Int, JSONReader)
    /// An answer for a screen that had been left: the loop handled and dropped it.
    case stale
    /// A message of the shell's own: a timer's (`animationFrame`, `toastExpired`) or
    /// `firstFrameShown`.
    case message(ShellMessage)
    /// Requests began or ended (the network inspector's rows that changed) and the mock's
    /// endpoints as they stand (those that changed).
    case network(NetworkChange)
    /// A caption for a replay's status line.
    case note(String)
    /// Frame `number` (from 1) was drawn; its digest, and the terminal's size when it changed
    /// without the app being told (the process was suspended and resumed meanwhile).
    case frame(Int, CanvasDigest, Size?)
    /// The session ended (why, in a word).
    case end(String)
}

/// What a `network` line says.
package struct NetworkChange: Equatable {
    package var activities: [NetworkActivity] = []
    package var behaviours: [EndpointName: EndpointBehaviour] = [:]

    package var isEmpty: Bool { activities.isEmpty && behaviours.isEmpty }

    package init(activities: [NetworkActivity] = [], behaviours: [EndpointName: EndpointBehaviour] = [:]) {
        self.activities = activities
        self.behaviours = behaviours
    }
}

extension SessionEntry {
    package static let keys = ["t", "start", "key", "char", "paste", "mouse", "resize", "answer", "screen", "stale", "message", "storeProblem", "network", "mock", "note", "frame", "hash", "size", "end", "secrets"]

    /// The line as written: `t` first, then the rest in key order.
    package func encoded() -> String {
        // A frame's line, one per frame, is written straight in its keys' order ("frame",
        // "hash", "size"): the same text as the general way, without its dictionary and sorting,
        // which cost a recording most of its time per frame (Docs/performance.md).
        if case .frame(let number, let digest, let size) = line, secrets == nil, storeProblem == nil {
            var text = "{\"t\":" + JSONValue.time(time).description + ",\"frame\":" + JSONValue.int(number).description
            text += ",\"hash\":" + JSONValue.string(digest.description).description
            if let size { text += ",\"size\":" + JSONValue.array([.int(size.width), .int(size.height)]).description }
            return text + "}"
        }
        return encodedInGeneral()
    }

    /// Any line, its members gathered and written in key order.
    func encodedInGeneral() -> String {
        var members: [String: JSONValue] = [:]
        switch line {
        case .start: members["start"] = .bool(true)
        case .key(let key): members.merge(SessionValues.json(key)) { $1 }
        case .resize(let size): members["resize"] = .array([.int(size.width), .int(size.height)])
        case .answer(let screen, let answer):
            members["screen"] = .int(screen)
            members["answer"] = answer.value
        case .stale: members["stale"] = .bool(true)
        case .message(let message):
            members["message"] = .string(SessionValues.name(of: message))
        case .network(let change):
            members["network"] = .array(change.activities.map(SessionValues.json))
            if !change.behaviours.isEmpty {
                members["mock"] = .object(Dictionary(uniqueKeysWithValues: change.behaviours.map { ($0.key.rawValue, $0.value.json) }))
            }
        case .note(let text): members["note"] = .string(text)
        case .frame(let number, let digest, let size):
            members["frame"] = .int(number)
            members["hash"] = .string(digest.description)
            if let size { members["size"] = .array([.int(size.width), .int(size.height)]) }
        case .end(let why): members["end"] = .string(why)
        }
        if let secrets { members["secrets"] = secrets.json }
        if let storeProblem { members["storeProblem"] = SessionValues.json(storeProblem) }
        var text = "{\"t\":" + JSONValue.time(time).description
        for key in members.keys.sorted() {
            text += "," + JSONValue.string(key).description + ":" + members[key]!.description
        }
        return text + "}"
    }

    /// Reads one line (its JSON already parsed); `reader.file` names the file and the line.
    /// `challenges`: the registration, whose endpoints a line may name.
    package init(_ reader: JSONReader, lineNumber: Int, challenges: [Challenge]) throws(ConfigurationError) {
        // What an earlier version wrote for the stored data a screen read, now an answer.
        for gone in ["opened", "standings"] {
            guard case .object(let members) = reader.value, members[gone] != nil else { continue }
            throw reader.error(
                "a \(gone.quoted()) line, which an earlier version of challenge-tui wrote; this one records what a screen reads "
                    + "of the store as an answer: record the session again")
        }
        let object = try SessionObject(reader, known: Self.keys)
        self.lineNumber = lineNumber
        time = try object("t").time()
        secrets = try object.optional("secrets").map { secrets throws(ConfigurationError) in try SecretPlaceholders(secrets) }
        storeProblem = try object.optional("storeProblem").map { problem throws(ConfigurationError) in try SessionValues.storeError(problem) }
        if object.has("start") {
            line = .start
        } else if let key = try SessionValues.key(object) {
            line = .key(key)
        } else if let size = object.optional("resize") {
            line = .resize(try Self.size(size))
        } else if let answer = object.optional("answer"), object.has("screen") {
            line = .answer(screen: try object("screen").int(in: 0...1_000_000), answer)
        } else if object.has("stale") {
            line = .stale
        } else if let message = object.optional("message") {
            line = .message(try SessionValues.message(message))
        } else if object.has("network") || object.has("mock") {
            var change = NetworkChange()
            change.activities = try object.optional("network")?.array().map { item throws(ConfigurationError) in
                try SessionValues.activity(item)
            } ?? []
            for (name, behaviour) in try object.optional("mock")?.dictionary() ?? [] {
                guard challenges.contains(where: { $0.endpoints.contains(EndpointName(name)) }) else { throw behaviour.error("no endpoint called \(name.quoted())") }
                change.behaviours[EndpointName(name)] = try EndpointBehaviour(reader: behaviour)
            }
            line = .network(change)
        } else if let note = object.optional("note") {
            line = .note(try note.string(atMost: SessionFormat.longestText))
        } else if let frame = object.optional("frame") {
            let hash = try object("hash")
            guard let digest = CanvasDigest(text: try hash.string()) else { throw hash.error("expected 12 hexadecimal digits") }
            line = .frame(try frame.int(in: 1...SessionFormat.mostLines), digest, try object.optional("size").map(Self.size))
        } else if let end = object.optional("end") {
            line = .end(try end.string(atMost: 100))
        } else {
            throw reader.error("a line that says nothing (no start, key, char, paste, mouse, resize, answer, stale, "
                + "message, network, note, frame or end)")
        }
    }

    /// `[columns, rows]`.
    package static func size(_ reader: JSONReader) throws(ConfigurationError) -> Size {
        let sides = try reader.array()
        guard sides.count == 2 else { throw reader.error("expected [columns, rows]") }
        return Size(width: try sides[0].int(in: 1...SessionHeader.largestSide), height: try sides[1].int(in: 1...SessionHeader.largestSide))
    }
}
