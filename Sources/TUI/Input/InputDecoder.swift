import CNcurses

/// Turns what ncurses' `get_wch` returns into `Key`s, one result at a time, including the input
/// that spans many results: xterm's SGR mouse reports (`ESC [ < b ; x ; y M`), the older X10
/// reports (`ESC [ M b x y`, from terminals that ignore the SGR request) and bracketed paste
/// (`ESC [ 200 ~ text ESC [ 201 ~`). ncurses is taught to return those prefixes as single codes
/// (`TerminalModes.keyDefinitions`); what follows them arrives as characters and is gathered
/// here. Pure apart from its own state, so tests feed it the numbers ncurses would.
///
/// Limits: a report's parameters are at most 24 characters (then it is dropped); a paste keeps
/// its first `maxPasteLength` characters and drops the rest as it arrives (counting, nothing
/// more), but still waits for its end, so no part of it is ever read as keys. A sequence whose
/// end never comes (a stray `ESC [ 200 ~`) would swallow every key after it: Ctrl-C inside a
/// paste ends it and is read as Ctrl-C, and the event loop ends a sequence that has had no input
/// for a moment (`endSequence()`).
///
/// An escape sequence ncurses does not know (a key the terminal has and terminfo doesn't name:
/// Home as `ESC [ 1 ~` when `TERM` says xterm inside tmux, Ctrl-Shift-F5's `ESC [ 15 ; 6 ~`, or
/// the rest of one cut short) comes back as `ESC` followed by its characters at once. Read as
/// keys they would act (`1` opens a challenge, `~` is typed into a field), so a `ESC` is held
/// until the read it came in ends (`endOfRead()`): alone, it is the Esc key; followed by `[` or
/// `O`, what follows up to the sequence's final character is one key (`EscapeSequence`) or,
/// when it names none, dropped whole. See Docs/keys.md, "Whatever TERM says".
public struct InputDecoder {
    /// The codes ncurses returns for the prefixes (above every `KEY_*` code).
    public static let mouseCode = KEY_MAX + 1
    public static let pasteStartCode = KEY_MAX + 2
    public static let pasteEndCode = KEY_MAX + 3
    public static let legacyMouseCode = KEY_MAX + 4

    /// The longest paste kept, in characters (far more than any field takes).
    public static let maxPasteLength = 65_536
    static let maxReportLength = 24
    /// The longest unknown escape sequence dropped whole; past it, what follows is read as keys.
    static let maxUnknownSequenceLength = 32

    private enum State {
        case keys
        /// After `ESC [ <`: the parameters so far.
        case sgr(String)
        /// After `ESC [ M`: the three bytes so far.
        case x10([UInt32])
        /// Between the paste markers: how many characters the text so far (`pasteText`) has.
        case paste(count: Int)
        /// After `ESC`, until the next character or the end of the read.
        case escape
        /// Inside an `ESC ]` operating system command (a terminal's answer to a query): its
        /// text so far is in `sequenceBody`; `sawEscape` after an `ESC` that may begin its `ESC \`.
        case osc(sawEscape: Bool)
        /// Inside an `ESC [` (control sequence) or `ESC O` sequence ncurses did not know: its
        /// introducer; the characters so far are in `sequenceBody`.
        case sequence(introducer: UInt8)
    }

    private var state = State.keys
    /// The paste's text so far, kept apart from `state` so appending to it never copies it
    /// (a copy per character made a 64 KB paste cost seconds).
    private var pasteText = String.UnicodeScalarView()
    /// What followed the introducer of the sequence being read (see `EscapeSequence`).
    private var sequenceBody: [UInt8] = []

    /// What a code ncurses gave one of the entry's extended keys (its modified arrows and the
    /// like) stands for (`KeyDecoder.key(modifiedKeyName:)`), asked when the code first comes and
    /// kept: naming every such code when the terminal started took a sixth of the instructions
    /// before the first frame (Docs/performance.md, "The first frame").
    private let extendedKey: (Int32) -> Key?
    private var extendedKeys: [Int32: Key?] = [:]
    /// Whether an answer to the background query (OSC 11) is still awaited: one that comes
    /// after the backend's time limit is dropped like any other unasked-for answer.
    public var awaitsBackgroundAnswer = false
    /// The longest operating system command read; past it, what follows is read as keys.
    static let maxCommandLength = 64

    public init(extendedKey: @escaping (Int32) -> Key?) {
        self.extendedKey = extendedKey
    }

    public init(extendedKeys: [Int32: Key] = [:]) {
        self.init(extendedKey: { extendedKeys[$0] })
    }

    /// Whether a mouse report or a paste has begun and not ended.
    public var isInsideSequence: Bool {
        if case .keys = state { return false }
        return true
    }

    /// One `get_wch` result (`status` `OK` or `KEY_CODE_YES`; `ERR` is ignored). Returns the keys
    /// it completes: none in the middle of a sequence, usually one, two when it ends a report
    /// early (the dropped report's follower is a key of its own).
    public mutating func feed(status: Int32, value: UInt32) -> [Key] {
        guard status == OK || status == KEY_CODE_YES else { return [] }
        let code = status == KEY_CODE_YES ? Int32(truncatingIfNeeded: value) : nil
        switch state {
        case .keys:
            return start(status: status, value: value, code: code)
        case .sgr(let parameters):
            guard code == nil, let scalar = Unicode.Scalar(value) else { return abandon(status: status, value: value) }
            switch scalar {
            case "0"..."9", ";":
                guard parameters.unicodeScalars.count < Self.maxReportLength else { return abandon(status: status, value: value) }
                state = .sgr(parameters + String(scalar))
                return []
            case "M", "m":
                state = .keys
                return Self.sgrEvent(parameters, isRelease: scalar == "m").map { [.mouse($0)] } ?? []
            default:
                return abandon(status: status, value: value)
            }
        case .x10(var bytes):
            guard code == nil else { return abandon(status: status, value: value) }
            bytes.append(value)
            guard bytes.count == 3 else {
                state = .x10(bytes)
                return []
            }
            state = .keys
            // Each byte is 32 + the number; beyond 255 it was not a byte of a report.
            guard bytes.allSatisfy({ (32...255).contains($0) }) else { return [] }
            let numbers = bytes.map { Int($0) - 32 }
            return MouseEvent.decode(code: numbers[0], column: numbers[1], row: numbers[2], isRelease: false).map { [.mouse($0)] } ?? []
        case .escape:
            state = .keys
            switch (code, value) {
            case (nil, UInt32(UInt8(ascii: "]"))):
                // An operating system command: a terminal's answer (to the background query, or
                // to another program's), never keys.
                state = .osc(sawEscape: false)
                sequenceBody.removeAll(keepingCapacity: true)
                return []
            case (nil, UInt32(UInt8(ascii: "["))), (nil, UInt32(UInt8(ascii: "O"))):
                // CSI, or SS3 (which some terminals send with a modifier: `ESC O 5 R`).
                state = .sequence(introducer: UInt8(value))
                sequenceBody.removeAll(keepingCapacity: true)
                return []
            default:
                // Esc, then a key of its own (Alt and a letter is sent as ESC and the letter).
                return [.escape] + feed(status: status, value: value)
            }
        case .sequence(let introducer):
            // Parameters and intermediates are 0x20–0x3F, the final character 0x40–0x7E; anything
            // else (a key ncurses knew, a control character, Ctrl-C) breaks the sequence off and
            // is read as itself.
            guard code == nil, (0x20...0x7E).contains(value), sequenceBody.count < Self.maxUnknownSequenceLength else {
                return abandon(status: status, value: value)
            }
            let byte = UInt8(value)
            sequenceBody.append(byte)
            // The Linux console's F1–F5 (`ESC [ [ A`) go on past their `[`; rxvt ends its
            // Shift-keys with `$` (`ESC [ 2 $`), where a control sequence has an intermediate.
            let linuxPrefix = introducer == UInt8(ascii: "[") && sequenceBody == [UInt8(ascii: "[")]
            let rxvtShift = introducer == UInt8(ascii: "[") && byte == UInt8(ascii: "$") && sequenceBody.count > 1
                && sequenceBody.dropLast().allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            guard (byte >= 0x40 && !linuxPrefix) || rxvtShift else { return [] }
            state = .keys
            return EscapeSequence.key(introducer: introducer, body: sequenceBody).map { [$0] } ?? []
        case .osc(let sawEscape):
            // Ends with BEL or `ESC \`; text is printable; anything else breaks it off.
            let ended = code == nil && (value == 7 || (sawEscape && value == UInt32(UInt8(ascii: "\\"))))
            if ended {
                state = .keys
                return answer(to: sequenceBody)
            }
            if code == nil && value == 27 && !sawEscape {
                state = .osc(sawEscape: true)
                return []
            }
            if sawEscape { // the command was cut short by another sequence: that one counts
                state = .escape
                return feed(status: status, value: value)
            }
            guard code == nil, (0x20...0x7E).contains(value), sequenceBody.count < Self.maxCommandLength else {
                return abandon(status: status, value: value)
            }
            sequenceBody.append(UInt8(value))
            return []
        case .paste(let count):
            if code == Self.pasteEndCode { return endSequence() }
            // Ctrl-C always quits, even inside a paste that never ends (a terminal's own paste
            // carries no ETX: the bracketed text is what was copied, control codes filtered).
            if code == nil && value == 3 { return endSequence() + [.ctrl("c")] }
            // Keys ncurses recognised inside the text (an arrow's bytes) and anything over the
            // limit are dropped; the paste goes on until its end marker.
            guard code == nil, count < Self.maxPasteLength, let scalar = Unicode.Scalar(value) else { return [] }
            pasteText.append(scalar)
            state = .paste(count: count + 1)
            return []
        }
    }

    /// Ends a mouse report or paste that has begun, as if its end had come: the paste's text so
    /// far is returned (a report cut short is dropped). For input whose end never came.
    public mutating func endSequence() -> [Key] {
        defer {
            state = .keys
            pasteText = String.UnicodeScalarView()
        }
        if case .escape = state { return [.escape] }
        guard case .paste = state, !pasteText.isEmpty else { return [] }
        return [.paste(String(pasteText))]
    }

    /// The read that fed the decoder found nothing more: an `ESC` still held was the Esc key.
    /// Anything longer that was cut short stays begun, for the next read or `endSequence()`.
    public mutating func endOfRead() -> [Key] {
        guard case .escape = state else { return [] }
        state = .keys
        return [.escape]
    }

    private mutating func start(status: Int32, value: UInt32, code: Int32?) -> [Key] {
        switch code {
        case Self.mouseCode: state = .sgr("")
        case Self.legacyMouseCode: state = .x10([])
        case Self.pasteStartCode:
            state = .paste(count: 0)
            pasteText = String.UnicodeScalarView()
        case Self.pasteEndCode: break // an end without a start: nothing to end
        case nil where value == 27: state = .escape
        case let code? where code > KEY_MAX: return extended(code).map { [$0] } ?? []
        default: return KeyDecoder.decode(status: status, value: value).map { [$0] } ?? []
        }
        return []
    }

    private mutating func extended(_ code: Int32) -> Key? {
        if let known = extendedKeys[code] { return known }
        let key = extendedKey(code)
        extendedKeys[code] = key
        return key
    }

    /// The key an operating system command stands for: the background, when it answers the
    /// query (`11;rgb:…`) in time; nothing otherwise.
    private mutating func answer(to command: [UInt8]) -> [Key] {
        let text = Substring(decoding: command, as: UTF8.self)
        guard awaitsBackgroundAnswer, text.hasPrefix("11;"),
              let background = TerminalBackground(osc11Answer: text.dropFirst(3)) else { return [] }
        awaitsBackgroundAnswer = false
        return [.background(background)]
    }

    /// A report broken off by something else: the report is dropped, the something else is read
    /// as what it is.
    private mutating func abandon(status: Int32, value: UInt32) -> [Key] {
        state = .keys
        return feed(status: status, value: value)
    }

    /// `b;x;y` of an SGR report.
    static func sgrEvent(_ parameters: String, isRelease: Bool) -> MouseEvent? {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        guard numbers.count == 3, let code = numbers[0], let column = numbers[1], let row = numbers[2] else { return nil }
        return MouseEvent.decode(code: code, column: column, row: row, isRelease: isRelease)
    }
}
