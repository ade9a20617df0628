/// The editable content of a one-line text field: text, cursor (an index into the text's
/// `Character`s, 0…count), an optional length limit in characters, and whether it is masked.
public struct TextFieldState: Hashable, Sendable {
    public private(set) var text: String
    public private(set) var cursor: Int
    public var maxLength: Int? { didSet { setText(text) } }
    public var isMasked: Bool

    public init(text: String = "", maxLength: Int? = nil, isMasked: Bool = false) {
        self.text = ""
        self.cursor = 0
        self.maxLength = maxLength.map { max(0, $0) }
        self.isMasked = isMasked
        setText(text)
    }

    public var count: Int { text.count }
    public var isEmpty: Bool { text.isEmpty }

    /// Replaces the text (cut to `maxLength`) and puts the cursor at its end.
    public mutating func setText(_ newText: String) {
        let clean = String(newText.filter { !$0.unicodeScalars.contains(where: DisplayWidth.isControl) })
        text = maxLength.map { String(clean.prefix($0)) } ?? clean
        cursor = text.count
    }

    /// Clears text and cursor (passwords after use).
    public mutating func clear() { setText("") }

    /// Gaining focus puts the cursor at the end of the text.
    public mutating func focus() { cursor = text.count }

    public mutating func moveCursor(to position: Int) { cursor = min(max(0, position), text.count) }

    /// Inserts at the cursor, as far as `maxLength` allows. Returns whether anything changed.
    @discardableResult
    public mutating func insert(_ string: String) -> Bool {
        var changed = false
        for character in string { changed = insert(character) || changed }
        return changed
    }

    @discardableResult
    public mutating func insert(_ character: Character) -> Bool {
        guard !character.unicodeScalars.contains(where: DisplayWidth.isControl) else { return false }
        let index = text.index(text.startIndex, offsetBy: cursor)
        let before = text.count
        var candidate = text
        candidate.insert(character, at: index)
        // A combining mark may merge into the character before it instead of adding one.
        if let maxLength, candidate.count > maxLength { return false }
        text = candidate
        cursor += text.count - before
        return true
    }

    /// Backspace: removes the character before the cursor.
    @discardableResult
    public mutating func deleteBackward() -> Bool {
        guard cursor > 0 else { return false }
        text.remove(at: text.index(text.startIndex, offsetBy: cursor - 1))
        cursor -= 1
        return true
    }

    /// Delete: removes the character under the cursor.
    @discardableResult
    public mutating func deleteForward() -> Bool {
        guard cursor < text.count else { return false }
        text.remove(at: text.index(text.startIndex, offsetBy: cursor))
        return true
    }

    /// Ctrl-U: removes everything before the cursor.
    public mutating func deleteToStart() {
        text.removeSubrange(text.startIndex..<text.index(text.startIndex, offsetBy: cursor))
        cursor = 0
    }

    /// Ctrl-K: removes everything from the cursor on.
    public mutating func deleteToEnd() {
        text.removeSubrange(text.index(text.startIndex, offsetBy: cursor)...)
    }

    /// Ctrl-W: removes the word before the cursor (and the spaces after it).
    public mutating func deleteWordBackward() {
        let chars = Array(text)
        var start = cursor
        while start > 0, chars[start - 1] == " " { start -= 1 }
        while start > 0, chars[start - 1] != " " { start -= 1 }
        text = String(chars[..<start]) + String(chars[cursor...])
        cursor = start
    }

    /// A bracketed paste: its text at the cursor as one edit, made one line — each run of line
    /// breaks and tabs inside it is one space (`Mary⏎Ann` is `Mary Ann`), those at its ends go —
    /// other control characters dropped, cut at `maxLength`: once the field is full the rest is
    /// not looked at, so a huge paste into a short field costs what the field holds. Returns
    /// whether anything changed.
    @discardableResult
    public mutating func paste(_ string: String) -> Bool {
        var characters = OneLine(string.makeIterator())
        var changed = false
        // As many characters as there is room for, inserted at once; again while room is left
        // (a combining mark may have merged into the character before it and taken none).
        while true {
            let room = maxLength.map { $0 - text.count } ?? Int.max
            guard room > 0 else { break }
            var addition = ""
            var taken = 0
            while taken < room, let character = characters.next() {
                addition.append(character)
                taken += 1
            }
            guard !addition.isEmpty else { break }
            let before = text.count
            var candidate = text
            candidate.insert(contentsOf: addition, at: text.index(text.startIndex, offsetBy: cursor))
            if let maxLength, candidate.count > maxLength {
                // Characters merged where the text and the paste meet: one at a time, as typed.
                changed = insert(addition) || changed
                continue
            }
            text = candidate
            cursor += text.count - before
            changed = true
        }
        return changed
    }

    /// A paste's characters as one line: a run of line breaks and tabs between text is one space,
    /// a run at the start or the end nothing, and other control characters nothing. Lazy, so a
    /// paste is read only as far as the field has room.
    struct OneLine: IteratorProtocol {
        private var base: String.Iterator
        /// The last character handed out (nil before the first).
        private var last: Character?
        /// Breaks came after text: a space goes before the next text.
        private var pendingSpace = false
        /// The text that came after the breaks, handed out after their space.
        private var held: Character?

        init(_ base: String.Iterator) { self.base = base }

        mutating func next() -> Character? {
            if let held {
                self.held = nil
                return handOut(held)
            }
            while let character = base.next() {
                if Self.isBreak(character) {
                    // One space for the run, and none after a space or before any text.
                    pendingSpace = last.map { $0 != " " } ?? false
                    continue
                }
                if character.unicodeScalars.contains(where: DisplayWidth.isControl) { continue }
                if pendingSpace {
                    pendingSpace = false
                    if character != " " {
                        held = character
                        return handOut(" ")
                    }
                }
                return handOut(character)
            }
            return nil
        }

        private mutating func handOut(_ character: Character) -> Character {
            last = character
            return character
        }

        /// Line breaks (`\n`, `\r\n`, `\r`, vertical tab, form feed, NEL, the line and paragraph
        /// separators) and tabs.
        static func isBreak(_ character: Character) -> Bool {
            character.unicodeScalars.allSatisfy { scalar in
                switch scalar.value {
                case 0x09...0x0D, 0x85, 0x2028, 0x2029: true
                default: false
                }
            }
        }
    }

    /// Editing keys: ←/→, Home/End (and Ctrl-A/Ctrl-E), printable characters, Backspace,
    /// Delete, Ctrl-U, Ctrl-K, Ctrl-W, and pasted text. Returns whether the key belongs to the
    /// field; other keys (↑/↓, Tab, Enter, Esc, Ctrl-C, clicks…) are left to the screen.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .left: moveCursor(to: cursor - 1)
        case .right: moveCursor(to: cursor + 1)
        case .home, .ctrl("a"): moveCursor(to: 0)
        case .end, .ctrl("e"): moveCursor(to: text.count)
        case .backspace: deleteBackward()
        case .delete, .ctrl("d"): deleteForward()
        case .ctrl("u"): deleteToStart()
        case .ctrl("k"): deleteToEnd()
        case .ctrl("w"): deleteWordBackward()
        case .char(let c): insert(c)
        case .paste(let text): paste(text)
        default: return false
        }
        return true
    }

    /// The text as drawn: one "•" per character when masked.
    public var displayText: String {
        isMasked ? String(repeating: "•", count: text.count) : text
    }
}
