import Core

/// One thing the keys do on a screen, declared once: the keys, what the key bar says, what the
/// help and the documentation say, where on the screen it works, how much a narrow key bar
/// needs it, whether it is listed in a given state (`Context`, what the screen knows), and what
/// the key does there (its `Action`, for the screen to apply). The key bar, the help overlay,
/// the key tables in README.md and Docs/ and the screen's key handling are all drawn from these
/// declarations (Docs/keys.md). A map only read, never dispatched through, says `Never`.
public struct KeyBinding<Context, Action>: Sendable {
    /// Every key that does it (help and the docs list them all; tests check the screen's key
    /// handling against them).
    public var keys: [Key]
    /// The keys as help and the docs write them: "↑ ↓ j k", "1–3".
    public var names: String
    /// The keys as the key bar writes them ("↑↓", "Esc"); nil: in help only, never on the bar.
    public var bar: String?
    /// The key bar's word for it, and the short form in README's summary: "move", "open".
    public var label: String
    /// What it does, for help and the docs: "open the selected challenge".
    public var help: String
    /// Where on the screen it works, when not everywhere on it: "B1, B2", "in a field".
    public var scope: String?
    public var importance: KeyImportance
    /// The title of the map it was declared in ("Article page"): help's heading for it in a
    /// combined map. Set by `KeyMap`.
    public var part = ""
    /// Whether this binding is part of the screen in this state at all (help lists those that
    /// are); false for a part of a combined map that is not showing (the detail page's keys on
    /// the list).
    public var isPresent: @Sendable (Context) -> Bool { didSet { barLabelThroughChild = nil } }
    /// Whether it works right now (the key bar lists only those).
    public var isAvailable: @Sendable (Context) -> Bool { didSet { barLabelThroughChild = nil } }
    /// The key bar's word in this state, when it changes with it ("network" / "hide network").
    public var barLabel: @Sendable (Context) -> String { didSet { barLabelThroughChild = nil } }
    /// A pulled-back binding's bar word where it is present and available, else nil: the three
    /// questions above answered with its child's context found once rather than three times
    /// (`pullback`); dropped once any of them is set again.
    @usableFromInline var barLabelThroughChild: (@Sendable (Context) -> String?)?
    /// The binding takes every key, not only `keys` (a text field's typing: `keys` then only
    /// names some for the docs). A binding that names the key is asked first.
    public var takesEveryKey: Bool
    /// What `key` (one of its keys) does in `context`; nil where it does nothing there, and the
    /// key goes on to the next binding that has it. Whether the key bar lists the binding
    /// (`isAvailable`) is not asked: `r` during a sync is not offered, yet still pressed.
    public var action: @Sendable (Key, Context) -> Action?

    public init(
        _ keys: [Key], names: String? = nil, bar: String?, label: String, help: String, scope: String? = nil,
        importance: KeyImportance = .primary,
        when isAvailable: @escaping @Sendable (Context) -> Bool = { _ in true },
        barLabel: (@Sendable (Context) -> String)? = nil,
        takesEveryKey: Bool = false,
        action: @escaping @Sendable (Key, Context) -> Action? = { _, _ in nil }
    ) {
        self.keys = keys
        self.names = names ?? Self.names(of: keys)
        self.bar = bar
        self.label = label
        self.help = help
        self.scope = scope
        self.importance = importance
        self.isPresent = { _ in true }
        self.isAvailable = isAvailable
        self.barLabel = barLabel ?? { _ in label }
        self.takesEveryKey = takesEveryKey
        self.action = action
    }

    /// What `key` does in `context` through this binding: nil unless it is part of the screen
    /// there, has the key (or takes every key) and does something with it.
    @inlinable
    public func action(for key: Key, in context: Context) -> Action? {
        withUnsafePointer(to: self) { Self.action(of: $0, for: key, in: context) }
    }

    /// `action(for:in:)` of the binding at `binding`, reading only the fields it needs: a map's
    /// look-up goes through its bindings in place, where calling a method on each copied it whole
    /// (its closures and arrays retained and released: Docs/performance.md, "The fourth round").
    @inlinable
    static func action(of binding: UnsafePointer<Self>, for key: Key, in context: Context) -> Action? {
        guard binding.pointee.takesEveryKey || binding.pointee.keys.contains(key), binding.pointee.isPresent(context) else { return nil }
        return binding.pointee.action(key, context)
    }

    /// The keys written one after another, a run of three or more consecutive digits as a range
    /// ("1–3"): "↑ ↓ j k", "Esc ← Backspace <".
    public static func names(of keys: [Key]) -> String {
        var words: [String] = []
        var index = keys.startIndex
        while index < keys.endIndex {
            var end = index
            while case .char(let c) = keys[end], let digit = c.wholeNumberValue, end + 1 < keys.endIndex,
                  case .char(let next) = keys[end + 1], next.wholeNumberValue == digit + 1 {
                end += 1
            }
            if end - index >= 2 {
                words.append("\(keys[index])–\(keys[end])")
            } else {
                words += keys[index...end].map(\.description)
            }
            index = end + 1
        }
        return words.joinedWords(separator: " ")
    }

    /// The item it puts on the key bar in `context`, if it has one and works there.
    @inlinable
    public func barItem(in context: Context) -> KeyBar.Item? {
        withUnsafePointer(to: self) { Self.barItem(of: $0, in: context) }
    }

    /// `barItem(in:)` of the binding at `binding`, read in place (see `action(of:for:in:)`).
    @inlinable
    static func barItem(of binding: UnsafePointer<Self>, in context: Context) -> KeyBar.Item? {
        guard let bar = binding.pointee.bar else { return nil }
        if let throughChild = binding.pointee.barLabelThroughChild {
            return throughChild(context).map { KeyBar.Item(bar, $0, importance: binding.pointee.importance) }
        }
        guard binding.pointee.isPresent(context), binding.pointee.isAvailable(context) else { return nil }
        return KeyBar.Item(bar, binding.pointee.barLabel(context), importance: binding.pointee.importance)
    }

    /// Whether `key` is one of its keys and it works in `context`.
    public func handles(_ key: Key, in context: Context) -> Bool {
        keys.contains(key) && isPresent(context) && isAvailable(context)
    }

    /// The same binding for a screen that holds this one's context (a nested screen): present
    /// and available only where `child` finds a context. Inlinable, as `map` is: the closures it
    /// makes run at every key press, and made in a generic function they looked up their
    /// types' metadata each time (Docs/performance.md, "The fourth round").
    @inlinable
    public func pullback<Parent>(_ child: @escaping @Sendable (Parent) -> Context?) -> KeyBinding<Parent, Action> {
        let isPresent = isPresent, isAvailable = isAvailable, barLabel = barLabel, action = action
        var binding = KeyBinding<Parent, Action>(
            keys, names: names, bar: bar, label: label, help: help, scope: scope, importance: importance,
            when: { parent in child(parent).map(isAvailable) ?? false },
            barLabel: { parent in child(parent).map(barLabel) ?? "" },
            takesEveryKey: takesEveryKey,
            action: { key, parent in child(parent).flatMap { action(key, $0) } })
        binding.isPresent = { parent in child(parent).map(isPresent) ?? false }
        binding.part = part
        let label: @Sendable (Context) -> String? = barLabelThroughChild ?? { context in
            isPresent(context) && isAvailable(context) ? barLabel(context) : nil
        }
        binding.barLabelThroughChild = { parent in child(parent).flatMap(label) }
        return binding
    }

    /// The same binding whose action is `transform`ed: a part's actions as the whole screen's.
    @inlinable
    public func map<Other>(_ transform: @escaping @Sendable (Action) -> Other) -> KeyBinding<Context, Other> {
        let action = action
        var binding = KeyBinding<Context, Other>(
            keys, names: names, bar: bar, label: label, help: help, scope: scope, importance: importance,
            when: isAvailable, barLabel: barLabel, takesEveryKey: takesEveryKey,
            action: { key, context in action(key, context).map(transform) })
        binding.isPresent = isPresent
        binding.part = part
        return binding
    }

    /// The same declaration doing nothing through the map it goes into: for a map that is
    /// read (bar, help, docs) by a screen that applies these keys itself.
    public func declaration<Other>() -> KeyBinding<Context, Other> {
        var binding = KeyBinding<Context, Other>(
            keys, names: names, bar: bar, label: label, help: help, scope: scope, importance: importance,
            when: isAvailable, barLabel: barLabel, takesEveryKey: takesEveryKey)
        binding.isPresent = isPresent
        binding.part = part
        return binding
    }

    /// What help and the docs show of it, whatever the state.
    public var entry: KeyGuide.Entry {
        KeyGuide.Entry(keys: names, label: label, help: help, scope: scope)
    }
}
