/// The keys of one screen (or overlay), declared once as `KeyBinding`s in the order the key bar
/// shows them. Nested screens combine: a parent pulls a child's map back to its own context
/// (`pullback`) and concatenates the maps (`combined`), so the articles screen is its list's
/// keys and its detail page's, each present only while it shows. A key's meaning is read from
/// the same declarations (`action(for:in:)`), so the screen has no second list of its keys.
/// See Docs/keys.md.
///
/// What a key press asks of it (`action(for:in:)`, `barItems(for:)`) is inlinable, so a screen
/// whose types are known gets a copy made for them, without the generic look-ups of a call into
/// this module (Docs/performance.md, "The fourth round").
public struct KeyMap<Context, Action>: Sendable {
    /// What help calls this set of keys: "Launcher", "Article list".
    public var title: String
    public var bindings: [KeyBinding<Context, Action>] {
        didSet { (namedKeys, anyTakesEveryKey) = Self.keys(of: bindings) }
    }
    /// Every key a binding names, and whether one takes every key: a key of none of them (Esc
    /// on the launcher, ↓ among the shell's own keys) is answered without walking the bindings,
    /// each a few comparisons of keys (Docs/performance.md, "The fifth round").
    @usableFromInline var namedKeys: Set<Key>
    @usableFromInline var anyTakesEveryKey: Bool

    public init(_ title: String, _ bindings: [KeyBinding<Context, Action>]) {
        self.title = title
        // In place rather than `map`, whose unspecialised copy looks its element type up in the
        // runtime (Docs/performance.md, "The first frame").
        var bindings = bindings
        for index in bindings.indices where bindings[index].part.isEmpty { bindings[index].part = title }
        self.bindings = bindings
        (namedKeys, anyTakesEveryKey) = Self.keys(of: bindings)
    }

    /// A plain loop: built in unspecialised code (a map's types are known only at run time),
    /// `flatMap(\.keys)` made a key path and looked up the sequence's element type by name in
    /// the runtime, about a fifth of the instructions before the first frame
    /// (Docs/performance.md, "The first frame").
    private static func keys(of bindings: [KeyBinding<Context, Action>]) -> (Set<Key>, Bool) {
        var keys = Set<Key>(minimumCapacity: bindings.count * 2)
        var anyTakesEveryKey = false
        for index in bindings.indices {
            for key in bindings[index].keys { keys.insert(key) }
            if bindings[index].takesEveryKey { anyTakesEveryKey = true }
        }
        return (keys, anyTakesEveryKey)
    }

    /// The key bar's items in `context`: the bindings that have one and work now.
    @inlinable
    public func barItems(for context: Context) -> [KeyBar.Item] {
        // At every key press: a loop over a buffer, each binding read in place
        // (`KeyBinding.barItem(of:in:)`). `compactMap`, the array's iterator or a method called
        // on each element copied every binding whole, its closures retained and released
        // (Docs/performance.md).
        var items: [KeyBar.Item] = []
        bindings.withUnsafeBufferPointer { bindings in
            guard let first = bindings.baseAddress else { return }
            for index in 0..<bindings.count {
                if let item = KeyBinding.barItem(of: first + index, in: context) { items.append(item) }
            }
        }
        return items
    }

    /// The binding `key` belongs to in `context`, if one works there.
    public func binding(for key: Key, in context: Context) -> KeyBinding<Context, Action>? {
        bindings.first { $0.handles(key, in: context) }
    }

    /// What `key` does in `context`: the action of the first binding that names the key and
    /// does something with it there, else of the first that takes every key (a field's typing);
    /// nil when the screen has no use for it (the shell's `?` and `q` then still work).
    @inlinable
    public func action(for key: Key, in context: Context) -> Action? {
        guard anyTakesEveryKey || namedKeys.contains(key) else { return nil }
        // In place, as `barItems(for:)`: a `for` over the array copied every binding it passed.
        return bindings.withUnsafeBufferPointer { bindings in
            guard let first = bindings.baseAddress else { return nil }
            for index in 0..<bindings.count where !bindings[index].takesEveryKey {
                if let action = KeyBinding.action(of: first + index, for: key, in: context) { return action }
            }
            for index in 0..<bindings.count where bindings[index].takesEveryKey {
                if let action = KeyBinding.action(of: first + index, for: key, in: context) { return action }
            }
            return nil
        }
    }

    /// Every binding, whatever the state: the docs' key tables.
    public var guide: KeyGuide {
        KeyGuide(title: title, entries: bindings.map(\.entry))
    }

    /// The bindings that are part of the screen in `context` (working now or not), under the
    /// title of the part they come from (the article page's, in the articles screen): help.
    public func guide(for context: Context) -> KeyGuide {
        let present = bindings.filter { $0.isPresent(context) }
        var parts: [String] = []
        for binding in present where !parts.contains(binding.part) { parts.append(binding.part) }
        return KeyGuide(title: parts.isEmpty ? title : parts.joined(separator: " · "), entries: present.map(\.entry))
    }

    /// This map for a screen holding this one's context: present where `child` finds one.
    @inlinable
    public func pullback<Parent>(_ child: @escaping @Sendable (Parent) -> Context?) -> KeyMap<Parent, Action> {
        KeyMap<Parent, Action>(title, bindings.map { $0.pullback(child) })
    }

    /// This map with its actions `transform`ed: a part's actions as the whole screen's.
    @inlinable
    public func map<Other>(_ transform: @escaping @Sendable (Action) -> Other) -> KeyMap<Context, Other> {
        KeyMap<Context, Other>(title, bindings.map { $0.map(transform) })
    }

    /// These keys, then `other`'s, under `title`.
    public func combined(with other: KeyMap<Context, Action>, title: String? = nil) -> KeyMap<Context, Action> {
        KeyMap(title ?? self.title, bindings + other.bindings)
    }
}

extension KeyMap where Context == Void {
    public var barItems: [KeyBar.Item] { barItems(for: ()) }
}
