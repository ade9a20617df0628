import Core

/// Performs profile effects with an injected backend and sends the answers back as events.
/// Wire it to Core's runner: `EffectRunner(perform: runtime.perform, send: ...)`.
public struct ProfileRuntime: Sendable {
    public let api: any ProfileAPI
    /// Where successful saves are noted (the launcher's "names saved 14:02"); nil: nowhere.
    public let saves: ProfileSaves?

    public init(api: any ProfileAPI, saves: ProfileSaves? = nil) {
        self.api = api
        self.saves = saves
    }

    public func perform(_ effect: ProfileEffect, send: @escaping @Sendable (ProfileEvent) -> Void) async {
        switch effect {
        case .fetchProfile:
            do { send(.loaded(.success(try await api.fetchProfile()))) } catch { send(.loaded(.failure(error))) }
        case .updateProfile(let firstName, let lastName):
            do {
                let saved = try await api.updateProfile(firstName: firstName, lastName: lastName)
                saves?.note(.names)
                send(.basicInformationSaved(.success(saved)))
            } catch {
                send(.basicInformationSaved(.failure(error)))
            }
        case .changePassword(let current, let new, let confirmation):
            do {
                try await api.changePassword(current: current, new: new, confirmation: confirmation)
                saves?.note(.password)
                send(.passwordChanged(.success(Acknowledgement())))
            } catch {
                send(.passwordChanged(.failure(error)))
            }
        case .cancelRequests:
            // Nothing to do here: the runner cancels the effects this one names.
            break
        }
    }
}
