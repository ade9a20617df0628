import AppShell
import Contract
import Core
import Profile
import TUI

/// The profile challenge as a `Feature`: "User Profile" with BASIC INFORMATION and PASSWORD.
///
/// The domain (`ProfileState` and its reducer) owns every value and decides everything; this
/// feature turns keys into events (`ProfileKeyMap`), keeps one `TextFieldState` per field for the
/// cursor, and draws (`ProfileView`). See Docs/profile.md.
package struct ProfileFeature: Feature {
    package enum Event: Sendable {
        /// A domain event: a save, a retry, or a request's answer.
        case domain(ProfileEvent)
        case focus(ProfileFocus)
        /// An editing key for a text field (typing, cursor, deletion).
        case edit(ProfileField, Key)
    }

    package typealias Effect = ProfileEffect
    package typealias Target = ProfileTarget

    package static let leaveConfirmation = LeaveConfirmation(title: "Unsaved changes", question: "Discard unsaved changes?")

    private let runtime: ProfileRuntime
    /// The backend's line, read at each frame: the fault panel may change the scenario.
    private let backend: () -> String
    package private(set) var state: ProfileState
    package private(set) var focus = ProfileFocus.initial
    /// The text as typed and the cursor, per field; the domain's values are the truth and are
    /// copied back in whenever the domain changes them (a load, a save, passwords cleared).
    package private(set) var fields: [ProfileField: TextFieldState]
    /// When the spinner started (the loop's time), while something is in flight.
    private var busySince: Duration?
    /// The loop's time a "too many attempts" answer came, and the seconds it asked to wait.
    private var lockout: (since: Duration, seconds: Int)?

    /// - Parameter failuresAreInjected: the answers come from the mock backend, whose scenario
    ///   injects its failures (the advice then points at the fault panel).
    package init(api: any ProfileAPI, backend: @autoclosure @escaping () -> String = "", saves: ProfileSaves? = nil, failuresAreInjected: Bool = false) {
        runtime = ProfileRuntime(api: api, saves: saves)
        self.backend = backend
        state = ProfileState(failuresAreInjected: failuresAreInjected)
        fields = Dictionary(uniqueKeysWithValues: ProfileField.allCases.map { field in
            (field, TextFieldState(maxLength: field.isSecret ? nil : ProfileValidation.maximumNameLength, isMasked: field.isSecret))
        })
    }

    package init(environment: AppEnvironment) {
        self.init(
            api: environment.profileAPI, backend: environment.backendDescription,
            saves: ProfileSaves(store: environment.store, time: environment.time),
            failuresAreInjected: environment.options.backend == .mock)
    }

    package static var appeared: Event { .domain(.appeared) }
    package static var left: Event { .domain(.left) }

    package mutating func reduce(_ event: Event, at now: Duration) -> [ProfileEffect] {
        switch event {
        case .focus(let target):
            focus = target
            if let field = target.field { fields[field]?.focus() }
            return []
        case .edit(let field, let key):
            return edit(field, with: key, at: now)
        case .domain(let event):
            return reduceDomain(event, at: now)
        }
    }

    package var perform: EffectRunner<ProfileEffect, Event>.Perform {
        let runtime = runtime
        return { effect, send in await runtime.perform(effect) { send(.domain($0)) } }
    }

    package func command(for key: Key) -> FeatureCommand<Event>? {
        let command = keyMap.action(for: key, in: self)
        // Every printable key is the field's (`q` typed is not `q` pressed); a key no field
        // uses (F1, PgUp) goes on to the shell.
        if case .send(.edit(let field, let key))? = command {
            guard var text = fields[field], text.handle(key) else { return nil }
        }
        return command
    }

    /// What a key's command asks of the feature.
    private static func command(for command: ProfileCommand) -> FeatureCommand<Event> {
        switch command {
        case .leave: .leave
        case .focus(let target): .send(.focus(target))
        case .submit(let section): .send(submit(section))
        case .retryLoad: .send(.domain(.retryLoad))
        case .edit(let field, let key): .send(.edit(field, key))
        }
    }

    /// A click on a field focuses it (the cursor at the end, as Tab leaves it); on SAVE CHANGES
    /// it focuses the button and does what Enter on it does.
    package func command(for mouse: MouseEvent, on target: ProfileTarget) -> FeatureCommand<Event>? {
        guard case .press(.left) = mouse.action else { return nil }
        if target == .back { return .leave }
        guard state.showsForm else { return nil }
        switch target {
        case .back:
            return .leave
        case .field(let field):
            return .send(.focus(.field(field)))
        case .save(let section):
            let focus = ProfileFocus.save(section)
            guard case .submit(let pressed)? = ProfileKeyMap.command(for: .enter, focus: focus, state: state) else {
                return .send(.focus(focus))
            }
            return .sendAll([.focus(focus), Self.submit(pressed)])
        }
    }

    private static func submit(_ section: ProfileSection) -> Event {
        switch section {
        case .basicInformation: .domain(.saveBasicInformation)
        case .password: .domain(.changePassword)
        }
    }

    package var keyMap: KeyMap<ProfileFeature, FeatureCommand<Event>> { Self.keys }
    private static let keys = ProfileKeyMap.keyMap.map(command(for:)).pullback { (feature: ProfileFeature) in
        ProfileKeyMap.Context(focus: feature.focus, state: feature.state)
    }

    package var capturesText: Bool { state.showsForm && focus.field != nil }

    package var isAnimating: Bool { state.isBusy || lockout != nil }

    package func render(in area: Rect, on canvas: inout Canvas, at now: Duration) -> Point? {
        let view = ProfileView(
            state: state, focus: focus, fields: fields, busyFor: busySince.map { now - $0 }, backend: backend(),
            lockoutLeft: lockout.map { Self.secondsLeft(of: $0, at: now) })
        return view.draw(in: area, on: &canvas)
    }

    /// What the screen waits for: the profile, a save, the password change.
    package func activity(at now: Duration) -> String? {
        var parts: [String] = []
        if state.isLoading { parts.append("the profile to load") }
        if state.isSaving(.basicInformation) { parts.append("saving the names") }
        if state.isSaving(.password) { parts.append("changing the password") }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    package func confirmLeave() -> LeaveConfirmation? {
        state.hasUnsavedChanges ? Self.leaveConfirmation : nil
    }

    // MARK: The domain

    /// Runs an editing key on the field, then tells the domain the new text. A field whose
    /// section is being saved keeps what was sent: the key moves the cursor at most.
    private mutating func edit(_ field: ProfileField, with key: Key, at now: Duration) -> [ProfileEffect] {
        guard var text = fields[field] else { return [] }
        let before = text.text
        guard text.handle(key) else { return [] }
        if text.text != before {
            guard state.isEditable(field) else { return [] }
            fields[field] = text
            return reduceDomain(.edit(field, text.text), at: now)
        }
        fields[field] = text
        return []
    }

    /// Whole seconds left of `lockout` at `now`, rounded up so it shows the named wait at first.
    private static func secondsLeft(of lockout: (since: Duration, seconds: Int), at now: Duration) -> Int {
        let left = Duration.seconds(lockout.seconds) - (now - lockout.since)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }

    /// A replay's placeholder in a password field: the text and cursor as recorded, the domain
    /// told as for an edit (Docs/recording.md, "No secrets").
    package mutating func replacePassword(_ field: ProfileField, with text: String, cursor: Int) {
        guard field.isSecret, var typed = fields[field] else { return }
        let changed = typed.text != text
        typed.setText(text)
        typed.moveCursor(to: cursor)
        fields[field] = typed
        if changed { _ = reduceDomain(.edit(field, text), at: busySince ?? .zero) }
    }

    private mutating func reduceDomain(_ event: ProfileEvent, at now: Duration) -> [ProfileEffect] {
        let effects = state.reduce(event)
        syncFields()
        let wait = state.error(for: .currentPassword).flatMap(ProfileRules.secondsToWait(in:))
        if wait == nil {
            lockout = nil
        } else if case .passwordChanged = event, let wait {
            lockout = (now, wait)
        }
        if !state.isBusy {
            busySince = nil
        } else if busySince == nil {
            busySince = now
        }
        return effects
    }

    /// Copies into the text fields what the domain changed by itself. Names are compared as text;
    /// passwords are compared as `Secret`s (never read back), and the domain only ever empties them.
    private mutating func syncFields() {
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
