/// Retry policies in configuration files.
extension RetryPolicy {
    public static let exponentialKeys = ["initial", "multiplier", "cap"]

    /// `{"maxAttempts": 4 | null, "delay": 2, "jitter": 0, "retryOn": "transient"}` or, for an
    /// exponential schedule, `"initial"`, `"multiplier"` and `"cap"` instead of `"delay"`.
    public init(reader: JSONReader) throws(ConfigurationError) {
        let keys = try reader.object(known: ["maxAttempts", "delay", "initial", "multiplier", "cap", "jitter", "retryOn"])
        var maxAttempts: Int?
        if let attempts = keys["maxAttempts"], !attempts.isNull {
            maxAttempts = try attempts.integer("a whole number of attempts of at least 1, or null for no limit", atLeast: 1)
        }
        let schedule: Schedule
        if let delay = keys["delay"] {
            if let extra = Self.exponentialKeys.first(where: { keys[$0] != nil }) {
                throw reader.error("give either delay (constant) or initial, multiplier and cap (exponential), not both delay and \(extra)")
            }
            schedule = .constant(try delay.seconds())
        } else if let initial = keys["initial"], let multiplier = keys["multiplier"], let cap = keys["cap"] {
            let initialDelay = try initial.seconds()
            let factor = try multiplier.number("a multiplier of at least 1", in: 1...1000)
            let capDelay = try cap.seconds()
            guard capDelay >= initialDelay else {
                throw cap.error("expected a cap of at least the initial delay (\(initialDelay.inSeconds) s), got \(cap.value.excerpt)")
            }
            schedule = .exponential(initial: initialDelay, multiplier: factor, cap: capDelay)
        } else {
            throw reader.error("needs a delay (constant schedule) or initial, multiplier and cap (exponential schedule)")
        }
        let jitter = try keys["jitter"]?.number("a fraction between 0 and 1", in: 0...1) ?? 0
        var retryable = Retryable.transient
        if let retryOn = keys["retryOn"] {
            let name = try retryOn.string()
            guard let value = Retryable(rawValue: name) else {
                throw retryOn.error("expected \"transient\" (5xx and network errors) or \"all\", got \(retryOn.value.excerpt)")
            }
            retryable = value
        }
        self.init(maxAttempts: maxAttempts, schedule: schedule, jitter: jitter, retryable: retryable)
    }

    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "maxAttempts": maxAttempts.map { .number(Double($0)) } ?? .null,
            "jitter": .number(jitter),
            "retryOn": .string(retryable.rawValue),
        ]
        switch schedule {
        case .constant(let delay):
            object["delay"] = .number(delay.inSeconds)
        case .exponential(let initial, let multiplier, let cap):
            object["initial"] = .number(initial.inSeconds)
            object["multiplier"] = .number(multiplier)
            object["cap"] = .number(cap.inSeconds)
        }
        return .object(object)
    }
}
