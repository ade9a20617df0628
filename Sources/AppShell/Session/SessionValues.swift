import Core
import FoundationEssentials
import TUI

/// How a recording writes the values every feature's answers share (errors, keys, requests), and
/// reads them back strictly: a value no effect could have produced is an error naming its key.
package enum SessionValues {
    // MARK: Keys, clicks, pastes

    package static func json(_ key: Key) -> [String: JSONValue] {
        switch key {
        case .char(let character): ["char": .string(String(character))]
        case .paste(let text): ["paste": .string(text)]
        case .mouse(let event): ["mouse": json(event)]
        default: ["key": .string(key.description)]
        }
    }

    /// The key of a line, or nil when the line holds none.
    package static func key(_ object: SessionObject) throws(ConfigurationError) -> Key? {
        if let name = object.optional("key") {
            guard let key = Key(name: try name.string(atMost: 20)), !Self.isCharacter(key), key != .resize else {
                throw name.error("no key called \(name.value.excerpt)")
            }
            return key
        }
        if let char = object.optional("char") {
            let text = try char.string(atMost: 100)
            guard text.count == 1, let character = text.first, !character.unicodeScalars.contains(where: DisplayWidth.isControl) else {
                throw char.error("expected one printable character, got \(char.value.excerpt)")
            }
            return .char(character)
        }
        if let paste = object.optional("paste") {
            return .paste(try paste.string(atMost: InputDecoder.maxPasteLength * 4))
        }
        if let mouse = object.optional("mouse") {
            return .mouse(try Self.mouse(mouse))
        }
        return nil
    }

    private static func isCharacter(_ key: Key) -> Bool {
        if case .char = key { return true }
        return false
    }

    private static let actions: [(name: String, action: MouseEvent.Action)] = [
        ("left", .press(.left)), ("middle", .press(.middle)), ("right", .press(.right)), ("release", .release),
        ("wheelUp", .wheelUp), ("wheelDown", .wheelDown),
    ]

    package static func json(_ event: MouseEvent) -> JSONValue {
        var object: [String: JSONValue] = [
            "action": .string(actions.first { $0.action == event.action }?.name ?? "release"),
            "x": .int(event.point.x), "y": .int(event.point.y),
        ]
        if !event.modifiers.isEmpty { object["modifiers"] = .int(event.modifiers.rawValue) }
        return .object(object)
    }

    package static func mouse(_ reader: JSONReader) throws(ConfigurationError) -> MouseEvent {
        let object = try SessionObject(reader, known: ["action", "x", "y", "modifiers"])
        let name = try object("action").string(atMost: 20)
        guard let action = actions.first(where: { $0.name == name })?.action else {
            throw try object("action").error("expected one of \(actions.map(\.name).joined(separator: ", ")), got \(name.quoted())")
        }
        let point = Point(
            x: try object("x").int(in: 0...MouseEvent.maxCoordinate), y: try object("y").int(in: 0...MouseEvent.maxCoordinate))
        let modifiers = try object.optional("modifiers")?.int(in: 0...7) ?? 0
        return MouseEvent(action, at: point, modifiers: MouseEvent.Modifiers(rawValue: modifiers))
    }

    // MARK: The shell's messages

    package static func name(of message: ShellMessage) -> String {
        switch message {
        case .animationFrame: "animationFrame"
        case .toastExpired: "toastExpired"
        case .firstFrameShown: "firstFrameShown"
        case .networkActivity: "networkActivity"
        case .event: "event"
        }
    }

    package static func message(_ reader: JSONReader) throws(ConfigurationError) -> ShellMessage {
        switch try reader.string(atMost: 40) {
        case "animationFrame": .animationFrame
        case "toastExpired": .toastExpired
        case "firstFrameShown": .firstFrameShown
        default: throw reader.error("expected animationFrame, toastExpired or firstFrameShown, got \(reader.value.excerpt)")
        }
    }

    // MARK: Errors

    package static func json(_ error: APIError) -> JSONValue {
        switch error {
        case .offline: .string("offline")
        case .connectionRefused: .string("connectionRefused")
        case .timedOut: .string("timedOut")
        case .cancelled: .string("cancelled")
        case .http(let status, let body): .object(["status": .int(status), "body": .string(body)])
        case .undecodable(let detail): .object(["undecodable": .string(detail)])
        case .responseTooLarge(let limit): .object(["tooLarge": .int(limit)])
        case .brokenAnswer(let broken): .object(["broken": .string(broken.rawValue)])
        }
    }

    package static func apiError(_ reader: JSONReader) throws(ConfigurationError) -> APIError {
        if case .string(let name) = reader.value {
            switch name {
            case "offline": return .offline
            case "connectionRefused": return .connectionRefused
            case "timedOut": return .timedOut
            case "cancelled": return .cancelled
            default: throw reader.error("expected offline, connectionRefused, timedOut, cancelled or an object, got \(name.quoted())")
            }
        }
        let object = try SessionObject(reader, known: ["status", "body", "undecodable", "tooLarge", "broken"])
        if let status = object.optional("status") {
            return .http(status: try status.int(in: 100...599), body: try object("body").string(atMost: SessionFormat.longestText))
        }
        if let detail = object.optional("undecodable") { return .undecodable(try detail.string(atMost: SessionFormat.longestText)) }
        if let limit = object.optional("tooLarge") { return .responseTooLarge(limit: try limit.int(in: 1...(1 << 40))) }
        if let broken = object.optional("broken") { return .brokenAnswer(try broken.choice(BrokenAnswer.self)) }
        throw reader.error("expected an error: status, undecodable, tooLarge or broken")
    }

    package static func json(_ error: StoreError) -> JSONValue {
        switch error {
        case .damaged(let name, let movedTo, let reason):
            .object(["damaged": .string(name), "movedTo": .string(movedTo), "reason": .string(reason)])
        case .key(let detail): .object(["key": .string(detail)])
        case .wrongKey(let source, let directory): .object(["wrongKey": .string(source), "directory": .string(directory)])
        case .io(let detail): .object(["io": .string(detail)])
        case .inUse(let directory, let holder):
            .object(["inUse": .string(directory), "holder": .optional(holder.map { .int(Int($0)) })])
        case .foreignFolder(let directory, let owner): .object(["foreignFolder": .string(directory), "owner": .int(Int(owner))])
        }
    }

    package static func storeError(_ reader: JSONReader) throws(ConfigurationError) -> StoreError {
        let object = try SessionObject(
            reader, known: ["damaged", "movedTo", "reason", "key", "wrongKey", "directory", "io", "inUse", "holder", "foreignFolder", "owner"])
        func text(_ key: String) throws(ConfigurationError) -> String { try object(key).string(atMost: 4096) }
        if object.has("damaged") { return .damaged(name: try text("damaged"), movedTo: try text("movedTo"), reason: try text("reason")) }
        if object.has("key") { return .key(try text("key")) }
        if object.has("wrongKey") { return .wrongKey(keySource: try text("wrongKey"), directory: try text("directory")) }
        if object.has("io") { return .io(try text("io")) }
        if object.has("inUse") {
            return .inUse(directory: try text("inUse"), holder: try object.optional("holder").map { holder throws(ConfigurationError) in
                Int32(try holder.int(in: 1...Int(Int32.max)))
            })
        }
        if object.has("foreignFolder") {
            return .foreignFolder(directory: try text("foreignFolder"), owner: UInt32(try object("owner").int(in: 0...Int(UInt32.max))))
        }
        throw reader.error("expected a store error: damaged, key, wrongKey, io, inUse or foreignFolder")
    }

    /// `result` as `{"ok": …}` or `{"error": …}`.
    package static func json<T, E: Error>(_ result: Result<T, E>, _ success: (T) -> JSONValue, _ failure: (E) -> JSONValue) -> JSONValue {
        switch result {
        case .success(let value): .object(["ok": success(value)])
        case .failure(let error): .object(["error": failure(error)])
        }
    }

    package static func result<T, E: Error>(
        _ reader: JSONReader, _ success: (JSONReader) throws(ConfigurationError) -> T,
        _ failure: (JSONReader) throws(ConfigurationError) -> E
    ) throws(ConfigurationError) -> Result<T, E> {
        let object = try SessionObject(reader, known: ["ok", "error"])
        if object.has("ok") { return .success(try success(try object("ok"))) }
        if object.has("error") { return .failure(try failure(try object("error"))) }
        throw reader.error("expected ok or error")
    }

    // MARK: Requests (the network inspector's rows)

    private static let outcomeKeys = ["pending", "status", "error"]

    /// What the inspector shows of a request; never its headers or bodies.
    package static func json(_ activity: NetworkActivity) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .int(activity.id), "method": .string(activity.method), "path": .string(Redaction.redact(activity.path)),
            "attempt": .int(activity.attempt), "transport": .string(activity.transport.rawValue),
            "started": .time(activity.started), "startDate": .number(activity.startDate.timeIntervalSince1970),
        ]
        if let duration = activity.duration { object["duration"] = .time(duration) }
        switch activity.outcome {
        case .pending: object["pending"] = .bool(true)
        case .response(let status): object["status"] = .int(status)
        case .failure(let error): object["error"] = json(error)
        }
        if activity.isSensitive { object["sensitive"] = .bool(true) }
        return .object(object)
    }

    package static func activity(_ reader: JSONReader) throws(ConfigurationError) -> NetworkActivity {
        let object = try SessionObject(
            reader, known: ["id", "method", "path", "attempt", "transport", "started", "startDate", "duration", "sensitive"] + outcomeKeys)
        let outcome: NetworkActivity.Outcome
        if let status = object.optional("status") {
            outcome = .response(status: try status.int(in: 100...599))
        } else if let error = object.optional("error") {
            outcome = .failure(try apiError(error))
        } else {
            outcome = .pending
        }
        let transport = try object("transport").string(atMost: 20)
        return NetworkActivity(
            id: try object("id").int(in: 1...Int(Int32.max)), method: try object("method").string(atMost: 20),
            path: try object("path").string(atMost: 8192), attempt: try object("attempt").int(in: 1...1_000_000),
            transport: NetworkActivity.Transport(rawValue: transport) ?? .simulated,
            startDate: Date(timeIntervalSince1970: try object("startDate").number("a time in seconds since 1970", in: 0...1e11)),
            started: try object("started").time(), duration: try object.optional("duration")?.time(), outcome: outcome,
            isSensitive: try object.optional("sensitive")?.bool() ?? false)
    }
}
