import Contract
import Core
import Profile
import TUI

/// The profile challenge: "User Profile" with BASIC INFORMATION and PASSWORD.
///
/// The domain (`ProfileState` and its reducer) owns every value and decides everything; this
/// screen turns keys into domain events (`ProfileKeyMap`), runs the effects the reducer asks for
/// (`ProfileRuntime` on an `EffectRunner` whose answers come back as `.profile` messages), keeps
/// one `TextFieldState` per field for the cursor, and draws (`ProfileView`).
final class ProfileScreen: Screen {
    static let leaveConfirmation = LeaveConfirmation(title: "Unsaved changes", question: "Discard unsaved changes?")

    private let api: any ProfileAPI
    private let backend: String
    private(set) var state = ProfileState()
    private(set) var focus = ProfileFocus.initial
    /// The text as typed and the cursor, per field; the domain's values are the truth and are
    /// copied back in whenever the domain changes them (a load, a save, passwords cleared).
    private(set) var fields: [ProfileField: TextFieldState]
    /// Addresses this screen's events: a later screen of the same challenge gets none of them.
    let token = ScreenToken()
    private var runner: EffectRunner<ProfileEffect, ProfileEvent>?
    /// When the spinner started (the loop's time), while something is in flight.
    private var busySince: ContinuousClock.Instant?

    init(api: any ProfileAPI, backend: String = "") {
        self.api = api
        self.backend = backend
        fields = Dictionary(uniqueKeysWithValues: ProfileField.allCases.map { field in
            (field, TextFieldState(maxLength: field.isSecret ? nil : ProfileValidation.maximumNameLength, isMasked: field.isSecret))
        })
    }

    convenience init(environment: AppEnvironment) {
        self.init(api: environment.profileAPI, backend: environment.backendDescription)
    }

    // MARK: Screen

    var keyBarItems: [KeyBar.Item] { ProfileKeyMap.keyBarItems(focus: focus, state: state) }

    var capturesText: Bool { state.showsForm && focus.field != nil }

    var isAnimating: Bool { state.isBusy }

    func appear(_ context: ScreenContext) {
        let runtime = ProfileRuntime(api: api)
        let poster = context.poster
        runner = EffectRunner(
            perform: { effect, send in await runtime.perform(effect, send: send) },
            send: { [token] event in poster.post(.profile(event, to: token)) })
        focus = .initial
        apply(.appeared, at: context.now)
    }

    func handle(_ key: Key, _ context: ScreenContext) -> KeyResult {
        guard let command = ProfileKeyMap.command(for: key, focus: focus, state: state) else { return .ignored }
        switch command {
        case .leave:
            context.leave()
        case .focus(let target):
            focus = target
            if let field = target.field { fields[field]?.focus() }
        case .submit(.basicInformation):
            apply(.saveBasicInformation, at: context.now)
        case .submit(.password):
            apply(.changePassword, at: context.now)
        case .retryLoad:
            apply(.retryLoad, at: context.now)
        case .edit(let field, let key):
            // Every printable key is the field's (`q` typed is not `q` pressed); a key no field
            // uses (F1, PgUp) goes on to the shell.
            return edit(field, with: key, at: context.now) ? .handled : .ignored
        }
        return .handled
    }

    func handle(_ message: ShellMessage, _ context: ScreenContext) {
        guard case .profile(let event, let receiver) = message, receiver == token else { return }
        apply(event, at: context.now)
    }

    func render(in rect: Rect, on canvas: inout Canvas, at now: ContinuousClock.Instant) -> Point? {
        let view = ProfileView(
            state: state, focus: focus, fields: fields, busyFor: busySince.map { now - $0 }, backend: backend)
        return view.draw(in: rect, on: &canvas)
    }

    func confirmLeave() -> LeaveConfirmation? {
        state.hasUnsavedChanges ? Self.leaveConfirmation : nil
    }

    func disappear() {
        apply(.left, at: nil)
        runner?.cancelAll()
        runner = nil
    }

    // MARK: Domain

    /// Runs an editing key on the field, then tells the domain the new text. A field whose
    /// section is being saved keeps what was sent: the key moves the cursor at most.
    /// Returns whether the key is an editing key.
    private func edit(_ field: ProfileField, with key: Key, at now: ContinuousClock.Instant) -> Bool {
        guard var text = fields[field] else { return false }
        let before = text.text
        guard text.handle(key) else { return false }
        if text.text != before {
            guard state.isEditable(field) else { return true }
            fields[field] = text
            apply(.edit(field, text.text), at: now)
        } else {
            fields[field] = text
        }
        return true
    }

    private func apply(_ event: ProfileEvent, at now: ContinuousClock.Instant?) {
        let effects = state.reduce(event)
        runner?.run(effects)
        syncFields()
        if !state.isBusy {
            busySince = nil
        } else if busySince == nil {
            busySince = now
        }
    }

    /// Copies into the text fields what the domain changed by itself. Names are compared as text;
    /// passwords are compared as `Secret`s (never read back), and the domain only ever empties them.
    private func syncFields() {
        for field in ProfileField.allCases {
            guard var text = fields[field] else { continue }
            if field.isSecret {
                guard state.secret(field).isEmpty, !text.isEmpty else { continue }
                text.clear()
            } else {
                let value = state.displayText(of: field)
                guard value != text.text else { continue }
                text.setText(value)
            }
            fields[field] = text
        }
    }
}
