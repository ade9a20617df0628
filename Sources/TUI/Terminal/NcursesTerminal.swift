import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real terminal, through ncursesw. `present` writes only the cells that changed since the
/// last frame, itself (`FrameOutput`, with terminfo's bytes as ncurses makes them), in one
/// write; ncurses starts and ends the terminal, clears it (first frame, resize, redraw) and reads
/// the keys. Mouse reporting and bracketed paste are switched on at `start` and off at `stop`
/// (`TerminalModes`).
public final class NcursesTerminal: Terminal {
    private let noColorFlag: Bool
    /// Every frame in the high-contrast theme (Docs/configuration.md, "Terminals").
    private let highContrast: Bool
    /// The modes switched on beyond ncurses' own.
    public let modes: TerminalModes
    /// Gathers mouse reports and pastes that span several reads.
    private var decoder = InputDecoder()
    /// Turns the bytes read into ncurses' results (keys by its table, characters).
    private var reader = KeySequenceReader()
    /// ncurses' answers to "which key do these bytes name?" (`key_defined`), and the C library's
    /// widths of the non-ASCII characters drawn, as the last key press asked them.
    private var keyCodes = LookUpMemo()
    private var systemWidths = LookUpMemo()
    private let environment: [String: String]
    private let input: Int32
    private let output: Int32
    private let terminalType: String?
    private var screen: OpaquePointer?
    private var isActive = false
    private var hasStopped = false
    /// Between `suspend` and `resume`.
    private var isSuspended = false
    private var previous: Canvas?
    private var needsClear = false
    private var cursorVisible: Bool?
    /// Whether the terminal can hide its cursor (vt100 can't: `curs_set` fails).
    private var canHideCursor = true
    /// Where the last frame put the cursor (nil: hidden), for `redraw`.
    private var previousCursor: Point?
    /// Whether the last `readKeys` took any input (see `inputHasEnded`).
    private var lastReadTookInput = false
    private var pairs = ColorPairTable(capacity: 0)
    /// The colour pair of each cell on screen (row by row, the canvas's width), so a pair is
    /// redefined only once no cell shows it (see ColorPairTable).
    private var cellPairs: [Int32] = []
    /// Whether each cell on screen holds a cluster drawn over a placeholder (ClusterOverlay).
    private var placeholders: [Bool] = []
    /// The changed columns of each row of the frame being presented, kept between frames so a
    /// frame allocates none.
    private var changedSpans: [ClusterOverlay.Span] = []
    /// The changed cells' indices of the frame being written, its storage kept between frames.
    private var changedCells: [Int] = []
    /// The frames' bytes, written past ncurses' `doupdate` (FrameOutput); its controls are the
    /// terminal's, from `start`.
    private var frameOutput = FrameOutput(controls: .ansi)
    public private(set) var size = Size.zero
    /// The colour mode picked at `start` (from `COLORS`, `NO_COLOR` and `--no-color`).
    public private(set) var colorMode: ColorMode = .none
    /// The direct-colour entry opened in place of `TERM` because `COLORTERM` asked for true
    /// colour (see `DirectColorType`); nil when `TERM` itself was opened.
    public private(set) var directColorType: String?
    private var theme = Theme(mode: .none)
    /// The theme's answers so far (see `colorIndex(for:)`).
    private var colorIndices: [RGB: Int32] = [:]
    /// The foreground each (foreground, background) pair of text is drawn in (`ReadableForeground`).
    private var readableForegrounds: [ColorPairTable.Key: Int32] = [:]
    /// The background the user's setting forces (`--background`), if any.
    private let forcedBackground: TerminalBackground?
    /// The terminal's background as known at `start` (the setting, `COLORFGBG`, else dark):
    /// what the first frame is drawn for.
    public private(set) var startBackground = TerminalBackground.dark
    /// The background as known now: `startBackground` until the terminal answers the query.
    public private(set) var background = TerminalBackground.dark
    /// The query is sent after the first frame, so it never delays it.
    private var backgroundQueryPending = false
    /// When an answer to it stops being awaited, on the loop's time (`timePassed`): set at the
    /// first time the loop gives after the query went out.
    private var backgroundAnswerDeadline: Duration?
    /// How long the terminal has to answer: one that doesn't (most don't know OSC 11) costs nothing.
    static let backgroundAnswerLimit = Duration.seconds(2)

    /// - Parameters:
    ///   - noColorFlag: `--no-color` was given.
    ///   - environment: where `NO_COLOR` and `COLORTERM` are looked up; the process environment by
    ///     default.
    ///   - input, output: the terminal's descriptors (a pseudo-terminal in tests).
    ///   - terminalType: the terminfo entry; `$TERM` when nil.
    ///   - modes: mouse reporting and bracketed paste.
    ///   - background: the terminal's background as the user set it; nil: found out.
    ///   - highContrast: every frame in the high-contrast theme (`HighContrast`).
    public init(
        noColorFlag: Bool = false, environment: [String: String]? = nil, input: Int32 = STDIN_FILENO,
        output: Int32 = STDOUT_FILENO, terminalType: String? = nil, modes: TerminalModes = .standard,
        background: TerminalBackground? = nil, highContrast: Bool = false
    ) {
        self.noColorFlag = noColorFlag
        self.highContrast = highContrast
        self.forcedBackground = background
        self.modes = modes
        self.environment = environment ?? NcursesTerminal.processEnvironment(["NO_COLOR", "COLORTERM", "COLORFGBG"])
        self.input = input
        self.output = output
        self.terminalType = terminalType
    }

    public var inputDescriptor: Int32 { input }

    public func start() throws {
        guard !isActive else { return }
        NcursesTerminal.setUTF8Locale()
        // The modes to put back if a signal ends the program, saved before curses changes them.
        SignalHub.saveTerminalModes(descriptor: output)
        SignalHub.installFatalHandlers()
        // A palette entry under COLORTERM=truecolor opens its direct-colour twin when installed
        // (Docs/images.md, "True colour").
        let requested = terminalType ?? getenv("TERM").map { String(cString: $0) }
        directColorType = DirectColorType.entry(for: requested, environment: environment) { ctui_terminfo_status($0) == 1 }
        screen = (directColorType ?? terminalType).map { ctui_newterm($0, input, output) } ?? ctui_newterm(nil, input, output)
        guard screen != nil else {
            let term = terminalType ?? getenv("TERM").map { String(cString: $0) } ?? "(unset)"
            throw TerminalError.cannotStart("ncurses could not initialise TERM=\(term)")
        }
        // Until a program has called `endwin` once, ncurses flushes its output at every cursor
        // move, so a frame went out in pieces (50 writes for the first). Called now, before any
        // mode or colour is set, it costs a leave and re-entry of the alternate screen within
        // the first frame's bytes and nothing else; the first `doupdate` takes curses back, and
        // every frame is then one write (Docs/performance.md, "A key press").
        endwin()
        isActive = true
        hasStopped = false
        SignalHub.setCursesActive(true)
        SignalHub.chainResizeWake()
        let screen = ctui_stdscr()
        raw() // Ctrl-C, Ctrl-Z arrive as keys
        noecho()
        nonl()
        keypad(screen, true)
        nodelay(screen, true) // readKeys drains without blocking; the event loop polls
        intrflush(screen, false)
        set_escdelay(Self.escapeDelay)
        // No look for typed-ahead keys in the middle of a frame's output (two polls before its
        // first byte): the loop reads every waiting key before it draws, once.
        typeahead(-1)
        var colors = 0
        if has_colors() {
            start_color()
            use_default_colors()
            colors = Int(ctui_colors())
        }
        colorMode = ColorMode.decide(colors: colors, environment: environment, noColorFlag: noColorFlag)
        theme = Theme(mode: colorMode)
        colorIndices = [:]
        readableForegrounds = [:]
        let decided = TerminalBackground.decide(setting: forcedBackground, environment: environment)
        startBackground = decided ?? .dark
        background = startBackground
        backgroundQueryPending = decided == nil && NcursesTerminal.answersBackgroundQuery(terminalType ?? Self.processTerm)
        pairs = ColorPairTable(capacity: colorMode == .none ? 0 : Int(ctui_color_pairs()) - 1, directColor: colorMode == .direct)
        size = NcursesTerminal.screenSize()
        previous = nil
        frameOutput = FrameOutput(controls: NcursesTerminal.frameControls())
        setCursor(visible: false)
        // Mouse reports and pastes are decoded here, whatever the terminfo entry says (see
        // InputDecoder); the prefixes are known even with the mouse off, so a stray report is
        // never read as keys.
        for definition in TerminalModes.keyDefinitions { define_key(definition.sequence, definition.code) }
        keyCodes.forgetAll()
        decoder = InputDecoder(extendedKey: NcursesTerminal.extendedKey(code:))
        reader = KeySequenceReader()
        decoder.awaitsBackgroundAnswer = backgroundQueryPending
        writeToTerminal(modes.enableSequence)
        SignalHub.prepareTerminalReset()
    }

    /// Ends curses exactly once; safe to call again, or without `start`.
    public func stop() {
        guard isActive, !hasStopped else { return }
        hasStopped = true
        isActive = false
        writeToTerminal(TerminalModes.resetSequence)
        if SignalHub.isCursesActive {
            SignalHub.setCursesActive(false)
            endwin()
        }
        if let screen { delscreen(screen) }
        screen = nil
    }

    public func readKeys() -> [Key] { readKeys(inputIsReadable: false) }

    public func readKeys(inputIsReadable: Bool) -> [Key] {
        guard isActive else { return [] }
        var keys: [Key] = []
        lastReadTookInput = false
        if SignalHub.takeResize() {
            // ncurses recorded the resize: its next result is KEY_RESIZE, with its size updated.
            var value: wint_t = 0
            let status = wget_wch(ctui_stdscr(), &value)
            if status != ERR { take(status: status, value: UInt32(value), into: &keys) }
        }
        // Whole reads, not ncurses' byte per system call (KeySequenceReader). Bounded so a flood
        // of input (a huge paste) cannot starve timers and messages; the decoder keeps a sequence
        // that is cut here for the next call.
        var reads = 0
        var reader = self.reader, keyCodes = self.keyCodes
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.readSize) { buffer in
            while reads < 16, keys.count < 4096 {
                // A sequence cut short waits as long as ncurses would for its rest (the escape
                // delay); otherwise only what is there now is read.
                // The first read goes without asking when the loop's wait has just said there is
                // input: a `poll` less before a key's frame (Docs/performance.md, "The eighth
                // round").
                let known = reads == 0 && inputIsReadable && !reader.hasPending
                guard known || Self.isReadable(input, milliseconds: reader.hasPending ? Self.escapeDelay : 0) else { break }
                let count = read(input, buffer.baseAddress, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break } // end of file, or an error: `inputHasEnded` tells
                reads += 1
                lastReadTookInput = true
                let events = reader.read(UnsafeBufferPointer(rebasing: buffer[0..<count])) { bytes in
                    guard let question = LookUpMemo.question(bytes) else { return ctui_key_defined(bytes.baseAddress, Int32(bytes.count)) }
                    return keyCodes.answer(question) { ctui_key_defined(bytes.baseAddress, Int32(bytes.count)) }
                }
                for event in events { take(status: event.status, value: event.value, into: &keys) }
                if count < buffer.count, !reader.hasPending { break }
            }
        }
        // Nothing more came for what was cut short: its bytes are characters (a lone ESC the Esc key).
        for event in reader.flush() { take(status: event.status, value: event.value, into: &keys) }
        self.reader = reader
        self.keyCodes = keyCodes
        keys += decoder.endOfRead()
        return keys
    }

    /// The bytes asked of the terminal at a time.
    private static let readSize = 4096
    /// How long the rest of a sequence is awaited, in milliseconds: ncurses' escape delay.
    private static let escapeDelay: Int32 = 25

    private static func isReadable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            let result = poll(&entry, 1, milliseconds)
            if result < 0, errno == EINTR { continue }
            return result > 0
        }
    }

    /// Feeds one result to the decoder and collects the keys it completes.
    private func take(status: Int32, value: UInt32, into keys: inout [Key]) {
        for key in decoder.feed(status: status, value: value) {
            if key == .resize {
                size = NcursesTerminal.screenSize()
                needsClear = true
            }
            if case .background(let answered) = key, answered != background {
                // Text colours are chosen against it: every cell is sent again.
                background = answered
                readableForegrounds = [:]
                needsClear = true
            }
            keys.append(key)
        }
    }

    public var isInsideInputSequence: Bool { decoder.isInsideSequence }

    /// Readable, yet ncurses read nothing and no byte is waiting: a read would give end of file
    /// (a file or `/dev/null` for input, a pipe or pseudo-terminal whose other end closed).
    public var inputHasEnded: Bool {
        guard isActive, !lastReadTookInput else { return false }
        var waiting: Int32 = 0
        // A descriptor that can't say (not a terminal, pipe or file) has nothing waiting either.
        guard ioctl(input, UInt(FIONREAD), &waiting) == 0 else { return true }
        return waiting == 0
    }

    public func suspend() {
        guard isActive, !isSuspended else { return }
        isSuspended = true
        writeToTerminal(TerminalModes.resetSequence)
        if SignalHub.isCursesActive {
            SignalHub.setCursesActive(false)
            endwin()
        }
    }

    public func resume() {
        guard isActive else { return }
        if isSuspended {
            isSuspended = false
            // The next refresh puts curses' modes back (`doupdate` after `endwin`).
            SignalHub.setCursesActive(true)
        }
        writeToTerminal(modes.enableSequence)
        size = NcursesTerminal.screenSize()
        needsClear = true
    }

    public func endInputSequence() -> [Key] { decoder.endSequence() }

    public func present(_ frame: Canvas, cursor: Point?) {
        guard isActive else { return }
        // The theme is laid over the frame as it goes out, so the diff compares themed frames.
        let canvas = highContrast ? HighContrast.apply(to: frame, on: background) : frame
        let screen = ctui_stdscr()
        var old = previous
        if needsClear || old?.size != canvas.size {
            needsClear = false
            old = nil
        }
        // Worked on as locals and put back: a stored property of the class, read or written for
        // every changed cell, is a run-time exclusivity check each time (Docs/performance.md).
        var out = frameOutput, changedSpans = self.changedSpans, placeholders = self.placeholders, cellPairs = self.cellPairs
        var changedCells = self.changedCells, systemWidths = self.systemWidths
        (self.changedSpans, self.placeholders, self.cellPairs, self.changedCells) = ([], [], [], [])
        frameOutput = FrameOutput(controls: out.controls)
        if old == nil {
            // A first frame, a resize, a redraw: ncurses clears the screen (and, the first time or
            // after `suspend`, takes the terminal back: its modes, the alternate screen). Its own
            // window stays blank; the frames are written past it (FrameOutput).
            wclear(screen)
            wnoutrefresh(screen)
            doupdate()
            pairs.releaseAll() // no cell holds a pair any more
            out.forgetTransitions()
            cellPairs = Array(repeating: 0, count: canvas.size.width * canvas.size.height)
            placeholders = Array(repeating: false, count: canvas.size.width * canvas.size.height)
        }
        out.begin(screenWasCleared: old == nil)
        let size = self.size
        let shownCursor = cursor.flatMap { canvas.bounds.contains($0) && $0.x < size.width && $0.y < size.height ? $0 : nil }
        // Hidden before the frame is written, shown after: never seen wandering over it.
        if shownCursor == nil { setCursor(visible: false) }
        changedSpans.removeAll(keepingCapacity: true)
        canvas.changedIndices(from: old, into: &changedCells)
        let canvasWidth = canvas.size.width
        for index in changedCells {
            let point = Point(x: index % canvasWidth, y: index / canvasWidth)
            let cell = canvas[point.x, point.y]
            if let last = changedSpans.last, last.row == point.y {
                changedSpans[changedSpans.count - 1].last = point.x
            } else {
                changedSpans.append(ClusterOverlay.Span(row: point.y, first: point.x, last: point.x))
            }
            placeholders[index] = false
            // The right half of a wide character is drawn with it, in its pair.
            // (Pair 0, the terminal's own colours, is never held: most cells skip the table,
            // whose every use is a run-time exclusivity check of this class's property.)
            if cell.isContinuation {
                if cellPairs[index] != 0 { pairs.release(cellPairs[index]) }
                cellPairs[index] = 0
                continue
            }
            // What the terminal is too narrow for is clipped.
            guard point.x < size.width, point.y < size.height else { continue }
            let width = DisplayWidth.of(cell.glyph)
            let placeholder = ClusterOverlay.isNeeded(cell.glyph) { scalar in
                Int(systemWidths.answer(UInt64(scalar.value)) { ctui_wcwidth(scalar.value) })
            }
            placeholders[index] = placeholder
            if cellPairs[index] != 0 { pairs.release(cellPairs[index]) }
            let (pair, isNew) = colorPair(for: cell.style, glyph: cell.glyph)
            // A pair defined again would bring its old colours with a kept transition.
            if isNew { out.pairWasDefined(pair) }
            cellPairs[index] = pair
            // A few unchanged cells between the last change and this one cost fewer bytes
            // written again than jumped over (`cup` is 6 bytes or more).
            if let at = out.cursor, at.y == point.y, point.x > at.x, point.x - at.x <= 4 {
                let rowStart = point.y * canvas.size.width
                if (at.x..<point.x).allSatisfy({
                    let between = canvas[$0, point.y]
                    return between.glyph.asciiValue != nil && !between.isContinuation && !placeholders[rowStart + $0]
                }) {
                    for x in at.x..<point.x {
                        let between = canvas[x, point.y]
                        out.put(
                            between.glyph, width: 1, at: Point(x: x, y: point.y),
                            in: NcursesTerminal.rendition(between.style, pair: cellPairs[rowStart + x]),
                            screen: size)
                    }
                }
            }
            let glyph = placeholder ? Glyph(ClusterOverlay.placeholder(width: width)) : cell.glyph
            out.put(
                glyph, width: width, at: point,
                in: NcursesTerminal.rendition(cell.style, pair: pair), screen: size)
        }
        (self.changedSpans, self.placeholders, self.cellPairs, self.changedCells) = (changedSpans, placeholders, cellPairs, changedCells)
        self.systemWidths = systemWidths
        out.change(to: .plain) // what ncurses believes between frames
        // A cursor that can't be hidden (vt100) would sit after the last cell written, a stray
        // block in a picture or a word: it is parked in the bottom-right cell.
        let parked = !canHideCursor && size.width > 0 && size.height > 0
            ? Point(x: min(size.width, canvas.size.width) - 1, y: min(size.height, canvas.size.height) - 1) : nil
        if let target = shownCursor ?? parked { out.move(to: target) }
        let home = out.cursor ?? Point(x: 0, y: 0)
        let clusters = clusterBytes(canvas, cursor: home)
        if !clusters.isEmpty { out.append(clusters, leavingCursorAt: home) }
        if !out.bytes.isEmpty { out.bytes.withUnsafeBufferPointer { writeBytes($0) } }
        if shownCursor != nil { setCursor(visible: true) }
        frameOutput = out
        previous = canvas
        previousCursor = cursor
        if backgroundQueryPending {
            // After the first frame's bytes: "what is your background colour?" (OSC 11). The
            // answer comes as input (`InputDecoder`), if it comes.
            backgroundQueryPending = false
            backgroundAnswerDeadline = nil
            writeToTerminal("\u{1B}]11;?\u{1B}\\")
        }
    }

    public func timePassed(_ now: Duration) {
        guard decoder.awaitsBackgroundAnswer, !backgroundQueryPending else { return }
        guard let deadline = backgroundAnswerDeadline else {
            backgroundAnswerDeadline = now + Self.backgroundAnswerLimit
            return
        }
        if now >= deadline { decoder.awaitsBackgroundAnswer = false }
    }

    public func redraw() {
        guard isActive, !isSuspended, let previous else { return }
        needsClear = true
        present(previous, cursor: previousCursor)
    }

    /// The bytes that write the clusters placeholders were written for, over them, and put the
    /// cursor back at `cursor` (ClusterOverlay); none when the frame has no such cluster.
    private func clusterBytes(_ canvas: Canvas, cursor: Point) -> [UInt8] {
        // Most frames have none: nothing is asked of terminfo for them.
        let width = canvas.size.width
        guard changedSpans.contains(where: { span in
            placeholders[(span.row * width + span.first)...(span.row * width + span.last)].contains(true)
        }) else { return [] }
        let controls = ClusterOverlay.Controls(
            move: { row, column in NcursesTerminal.collect { ctui_cursor_address_bytes(Int32(row), Int32(column), $0, $1) } },
            style: { [cellPairs] cell, index in
                NcursesTerminal.collect { ctui_rendition_bytes(NcursesTerminal.attributes(cell.style), cellPairs[index], $0, $1) }
            },
            reset: { NcursesTerminal.collect { ctui_rendition_bytes(ctui_a_normal(), 0, $0, $1) } },
            autowrapOff: NcursesTerminal.collect { ctui_capability_bytes("rmam", $0, $1) },
            autowrapOn: NcursesTerminal.collect { ctui_capability_bytes("smam", $0, $1) })
        return placeholders.withUnsafeBufferPointer { placeholders in
            ClusterOverlay.bytes(
                canvas, spans: changedSpans, columns: size.width, cursor: cursor,
                isPlaceholder: { placeholders[$0] }, controls: controls)
        }
    }

    /// How frames are written on this terminal, from its terminfo entry (FrameOutput).
    private static func frameControls() -> FrameOutput.Controls {
        let cup = ctui_string_capability("cup").map { String(cString: $0) }
        let lastCell: FrameOutput.LastCell
        if ctui_flag_capability("am") == 0 || ctui_flag_capability("xenl") != 0 {
            lastCell = .plain
        } else {
            let off = collect { ctui_capability_bytes("rmam", $0, $1) }, on = collect { ctui_capability_bytes("smam", $0, $1) }
            lastCell = off.isEmpty || on.isEmpty ? .skipped : .withoutMargins(off: off, on: on)
        }
        return FrameOutput.Controls(
            move: { row, column in collect { ctui_cursor_address_bytes(Int32(row), Int32(column), $0, $1) } },
            moveIsANSI: cup == "\u{1B}[%i%p1%d;%p2%dH",
            transition: { from, to in
                collect { ctui_transition_bytes(from.attributes, from.pair, to.attributes, to.pair, $0, $1) }
            },
            lastCell: lastCell)
    }

    /// What one of the shim's `ctui_…_bytes` functions collects.
    private static func collect(_ body: (UnsafeMutablePointer<UInt8>, Int32) -> Int32) -> [UInt8] {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { buffer in
            let count = Int(body(buffer.baseAddress!, Int32(buffer.count)))
            return Array(buffer[0..<max(0, count)])
        }
    }

    private static func attributes(_ style: Style) -> attr_t {
        var attributes = ctui_a_normal()
        if style.bold { attributes |= ctui_a_bold() }
        if style.dim { attributes |= ctui_a_dim() }
        if style.reverse { attributes |= ctui_a_reverse() }
        if style.underline { attributes |= ctui_a_underline() }
        return attributes
    }

    /// A cell's rendition as ncurses keeps it in its own cells: the pair also in the attributes'
    /// colour bits (255 for the pairs above), which `vid_puts` reads to tell that colours are
    /// turned off — without them a bold coloured cell followed by a bold plain one kept its colours.
    private static func rendition(_ style: Style, pair: Int32) -> FrameOutput.Rendition {
        FrameOutput.Rendition(attributes: attributes(style) | ctui_color_pair(min(pair, 255)), pair: pair)
    }

    /// The pair for `style`, counted as used by one more cell on screen, and whether it was
    /// defined (again) for it.
    private func colorPair(for style: Style, glyph: Glyph) -> (pair: Int32, isNew: Bool) {
        var fg = colorIndex(for: style.foreground)
        let bg = colorIndex(for: style.background)
        // The terminal's own colours read (most cells): only the rest is checked, text only.
        if fg == -1 && bg == -1 { return (0, false) }
        if colorMode != .none, ReadableForeground.isText(glyph.firstScalar) { fg = readableForeground(fg, on: bg) }
        let assignment = pairs.acquire(ColorPairTable.Key(foreground: fg, background: bg))
        if case .define(let pair) = assignment {
            init_extended_pair(pair, fg, bg)
            return (pair, true)
        }
        return (assignment.pair, false)
    }

    /// `foreground`, or black or white where the terminal would show it too close to
    /// `background` (`ReadableForeground`), remembered per pair.
    private func readableForeground(_ foreground: Int32, on background: Int32) -> Int32 {
        let key = ColorPairTable.Key(foreground: foreground, background: background)
        if let known = readableForegrounds[key] { return known }
        let shownForeground = Theme.color(ofNumber: Int(foreground), direct: colorMode == .direct)
        let shownBackground = Theme.color(ofNumber: Int(background), direct: colorMode == .direct)
        let chosen = ReadableForeground.choose(foreground: shownForeground, background: shownBackground, terminal: self.background)
        let index = chosen == shownForeground ? foreground : chosen.map { colorIndex(for: $0) } ?? foreground
        readableForegrounds[key] = index
        return index
    }

    /// The terminal colour for `color` (-1: the terminal's default), remembered: finding the
    /// nearest of 240 colours for every cell of every frame would cost milliseconds a frame on a
    /// screen with a background colour.
    private func colorIndex(for color: RGB?) -> Int32 {
        guard let color else { return -1 }
        if let known = colorIndices[color] { return known }
        let index = theme.index(for: color).map(Int32.init) ?? -1
        colorIndices[color] = index
        return index
    }

    /// Writes a mode sequence straight to the terminal's descriptor (the modes are independent of
    /// what ncurses may still have buffered).
    private func writeToTerminal(_ sequence: String) {
        writeBytes(Array(sequence.utf8))
    }

    private func writeBytes(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { writeBytes($0) }
    }

    private func writeBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        var written = 0
        while written < bytes.count {
            let count = write(output, bytes.baseAddress! + written, bytes.count - written)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }

    private func setCursor(visible: Bool) {
        guard cursorVisible != visible else { return }
        cursorVisible = visible
        if curs_set(visible ? 1 : 0) == ERR, !visible { canHideCursor = false }
    }

    /// The key ncurses' code for one of the terminfo entry's extended keys stands for, by the
    /// name the entry gives it ("kUP5": Ctrl-↑; `KeyDecoder.key(modifiedKeyName:)`). Asked by
    /// the decoder when a code first comes, not for every code at the start (Docs/performance.md,
    /// "The first frame"). Our own prefixes (`TerminalModes.keyDefinitions`) are decoded before
    /// any code gets here.
    private static func extendedKey(code: Int32) -> Key? {
        guard let name = keyname(code) else { return nil }
        return KeyDecoder.key(modifiedKeyName: String(cString: name))
    }

    private static func screenSize() -> Size {
        var rows: Int32 = 0, cols: Int32 = 0
        ctui_getmaxyx(ctui_stdscr(), &rows, &cols)
        return Size(width: Int(cols), height: Int(rows))
    }

    /// The user's locale, or C.UTF-8 when it doesn't encode UTF-8 (wide characters need it).
    /// Only the character type: ncurses needs it for wide characters, and loading every
    /// category (LC_ALL) reads a dozen more locale files before the first frame.
    static func setUTF8Locale() {
        setlocale(LC_CTYPE, "")
        if ctui_locale_is_utf8() == 0 { setlocale(LC_CTYPE, "C.UTF-8") }
    }

    private static var processTerm: String? { getenv("TERM").map { String(cString: $0) } }

    /// Whether to ask the terminal its background: not the Linux console, GNU screen or the
    /// DEC terminals, which don't answer and may show the query.
    static func answersBackgroundQuery(_ term: String?) -> Bool {
        guard let term, !term.isEmpty else { return false }
        return !["linux", "screen", "vt", "dumb", "cons", "sun"].contains { term.hasPrefix($0) }
    }

    private static func processEnvironment(_ names: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }
}
