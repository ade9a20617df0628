/// Endpoint behaviours as scenario files write them (see Docs/live-tools.md, "Scenarios").
///
/// Outcomes: `"succeed"`; `{"fail": F}`; `{"failNext": N, "failure": F}`;
/// `{"successRate": P, "failure": F}`; `{"sequence": ["fail:500", "fail:timeout", "succeed"]}`
/// (the last step repeats; a step may also be `{"fail": F}`). Failures F: a status
/// `"100"`…`"599"`, `"timeout"`, `"refused"`, `"offline"`, `"malformed"`, or an answer that names
/// what it concerns, `{"status": 400, "code": "lastName", "message": "Last Name is taken"}`.
extension EndpointBehaviour {
    /// `{"delay": [min, max] | seconds, "outcome": …}`.
    public init(reader: JSONReader) throws(ConfigurationError) {
        let keys = try reader.object(known: ["delay", "outcome"])
        var delay: ClosedRange<Double> = 0...0
        if let delayReader = keys["delay"] {
            if case .number = delayReader.value {
                let seconds = try delayReader.number("a number of seconds", in: 0...3600)
                delay = seconds...seconds
            } else {
                let bounds = try delayReader.array()
                guard bounds.count == 2 else {
                    throw delayReader.error("expected [min, max] seconds or one number, got \(delayReader.value.excerpt)")
                }
                let low = try bounds[0].number("a number of seconds", in: 0...3600)
                let high = try bounds[1].number("a number of seconds", in: 0...3600)
                guard low <= high else { throw delayReader.error("expected min <= max, got \(delayReader.value.excerpt)") }
                delay = low...high
            }
        }
        let outcomes = try keys["outcome"].map { reader throws(ConfigurationError) in try Self.outcome(reader) } ?? .alwaysSucceed
        self.init(delay: delay, outcomes: outcomes)
    }

    public static func outcome(_ reader: JSONReader) throws(ConfigurationError) -> OutcomePattern {
        let forms = #"expected "succeed", {"fail": F}, {"failNext": N, "failure": F}, {"successRate": P, "failure": F} or {"sequence": [...]}"#
        switch reader.value {
        case .string("succeed"):
            return .alwaysSucceed
        case .string(let text) where text.hasPrefix("fail:"):
            return .alwaysFail(try failure(String(text.dropFirst(5)), reader))
        case .object(let members):
            let keys = try reader.object(known: ["fail", "failNext", "failure", "successRate", "sequence"])
            if let fail = keys["fail"], members.count == 1 {
                return .alwaysFail(try failure(fail))
            }
            if let count = keys["failNext"], let failureReader = keys["failure"], members.count == 2 {
                return .failNext(
                    try count.integer("a whole number of failures", atLeast: 0), try failure(failureReader))
            }
            if let rate = keys["successRate"], let failureReader = keys["failure"], members.count == 2 {
                return .random(
                    successProbability: try rate.number("a probability between 0 and 1", in: 0...1),
                    failure: try failure(failureReader))
            }
            if let sequence = keys["sequence"], members.count == 1 {
                let steps = try sequence.array()
                guard !steps.isEmpty else { throw sequence.error("expected at least one step") }
                var outcomes: [SimulatedOutcome] = []
                for step in steps {
                    if case .object = step.value {
                        let fail = try step.object(known: ["fail"])
                        guard let failReader = fail["fail"] else { throw step.error(#"expected {"fail": F}"#) }
                        outcomes.append(.failure(try failure(failReader)))
                        continue
                    }
                    let text = try step.string()
                    if text == "succeed" {
                        outcomes.append(.success)
                    } else if text.hasPrefix("fail:") {
                        outcomes.append(.failure(try failure(String(text.dropFirst(5)), step)))
                    } else {
                        throw step.error(#"expected "succeed", "fail:<failure>" or {"fail": F}, got \#(step.value)"#)
                    }
                }
                return .sequence(outcomes)
            }
            throw reader.error("\(forms), got \(reader.value.excerpt)")
        default:
            throw reader.error("\(forms), got \(reader.value.excerpt)")
        }
    }

    /// The longest `code` and `message` an answer of a scenario may name: a scenario file is
    /// the user's, not to be trusted with the screen (what it names is shown as text, control
    /// characters dropped by the canvas).
    public static let answerCodeLimit = 64
    public static let answerMessageLimit = 200

    /// A failure F: its name (`"500"`, `"timeout"`…) or an answer
    /// `{"status": 400, "code": "lastName", "message": "Last Name is taken"}`.
    public static func failure(_ reader: JSONReader) throws(ConfigurationError) -> SimulatedFailure {
        guard case .object = reader.value else { return try failure(try reader.string(), reader) }
        let keys = try reader.object(known: ["status", "code", "message"])
        guard let statusReader = keys["status"], let codeReader = keys["code"], let messageReader = keys["message"] else {
            throw reader.error(#"expected an answer {"status": 400, "code": "lastName", "message": "…"}, got \#(reader.value.excerpt)"#)
        }
        let status = try statusReader.integer("an HTTP error status", atLeast: 400)
        guard status <= 599 else { throw statusReader.error("expected an HTTP error status (400 to 599), got \(status)") }
        let code = try codeReader.string()
        let message = try messageReader.string()
        guard code.count <= answerCodeLimit else { throw codeReader.error("expected at most \(answerCodeLimit) characters") }
        guard !message.trimmingWhitespace().isEmpty else { throw messageReader.error("expected a message to show") }
        guard message.count <= answerMessageLimit else { throw messageReader.error("expected at most \(answerMessageLimit) characters") }
        return .answer(status: status, code: code, message: message)
    }

    /// `"500"`, `"timeout"`, `"refused"`, `"offline"`, `"malformed"`.
    public static func failure(_ name: String, _ reader: JSONReader) throws(ConfigurationError) -> SimulatedFailure {
        switch name {
        case "timeout": return .timeout
        case "refused": return .refused
        case "offline": return .offline
        case "malformed": return .malformed
        default:
            guard name.utf8.count == 3, let status = Int(name), (100...599).contains(status) else {
                throw reader.error(#"expected a failure: an HTTP status such as "500", or "timeout", "refused", "offline", "malformed"; got "\#(name)""#)
            }
            return .status(status)
        }
    }

    /// The behaviour as a scenario file writes it.
    public var json: JSONValue {
        .object([
            "delay": .array([.number(delay.lowerBound), .number(delay.upperBound)]),
            "outcome": Self.json(outcomes),
        ])
    }

    public static func json(_ pattern: OutcomePattern) -> JSONValue {
        switch pattern {
        case .alwaysSucceed: .string("succeed")
        case .alwaysFail(let failure): .object(["fail": json(failure)])
        case .failNext(let count, let failure):
            .object(["failNext": .number(Double(count)), "failure": json(failure)])
        case .random(let probability, let failure):
            .object(["successRate": .number(probability), "failure": json(failure)])
        case .sequence(let outcomes):
            .object(["sequence": .array(outcomes.map { outcome in
                switch outcome {
                case .success: .string("succeed")
                case .failure(.answer(let status, let code, let message)):
                    .object(["fail": json(.answer(status: status, code: code, message: message))])
                case .failure(let failure): .string("fail:\(name(of: failure))")
                }
            })])
        }
    }

    /// A failure F as a scenario file writes it: its name, or an answer's object.
    public static func json(_ failure: SimulatedFailure) -> JSONValue {
        guard case .answer(let status, let code, let message) = failure else { return .string(name(of: failure)) }
        return .object(["status": .number(Double(status)), "code": .string(code), "message": .string(message)])
    }

    /// The name scenario files use for `failure` (an answer: its status and code, `400 lastName`).
    public static func name(of failure: SimulatedFailure) -> String {
        switch failure {
        case .status(let status): String(status)
        case .answer(let status, let code, _): "\(status) \(code)"
        case .timeout: "timeout"
        case .refused: "refused"
        case .offline: "offline"
        case .malformed: "malformed"
        }
    }
}
