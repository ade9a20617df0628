import Core
import ReducerTesting
import Testing
@testable import Profile
import Contract

@Suite(.timeLimit(.minutes(10))) struct SecretTests {
    let password = "hunter2-secret"

    private func dumped(_ value: Any) -> String {
        var text = ""
        dump(value, to: &text)
        return text
    }

    @Test func secretNeverShowsItsValue() {
        let secret = Secret(password)
        for text in [String(describing: secret), String(reflecting: secret), "\(secret)", dumped(secret)] {
            #expect(!text.contains(password))
            #expect(text.contains("•••"))
        }
        #expect(secret.revealed == password)
        #expect(secret.masked == String(repeating: "•", count: password.count))
        #expect(Secret("añ👍").masked == "•••")
    }

    @Test func stateDescriptionsNeverContainPasswords() {
        let form = loadedForm()
        form.typePasswords(current: "old-\(password)", new: password)
        let texts = [String(describing: form.state), String(reflecting: form.state), dumped(form.state)]
        for text in texts {
            #expect(!text.contains(password))
            #expect(!text.contains("old-"))
        }
        #expect(form.state.displayText(of: .newPassword) == String(repeating: "•", count: password.count))
        #expect(form.state.maskedValue(of: .currentPassword).count == password.count + 4)
        #expect(form.state.maskedValue(of: .firstName) == "")
    }

    @Test func effectDescriptionsNeverContainPasswords() {
        let form = loadedForm()
        form.typePasswords(current: "old-\(password)", new: password)
        let effects = form.sendAll(.changePassword)
        #expect(effects.count == 1)
        for text in [String(describing: effects), String(reflecting: effects), dumped(effects)] {
            #expect(!text.contains(password))
            #expect(!text.contains("old-"))
        }
    }

    @Test func eventDescriptionsNeverContainPasswords() {
        for field in ProfileField.allCases where field.isSecret {
            let event = ProfileEvent.edit(field, password)
            for text in [String(describing: event), String(reflecting: event), dumped(event)] {
                #expect(!text.contains(password))
            }
        }
        // Names are not secret and stay readable in logs.
        #expect(String(describing: ProfileEvent.edit(.firstName, "Ann")) == "edit(firstName, \"Ann\")")
    }

    @Test func everyEventHasAReadableDescription() {
        let events: [ProfileEvent] = [
            .appeared, .retryLoad, .saveBasicInformation, .changePassword, .left,
            .loaded(.failure(.timedOut)), .basicInformationSaved(.success(.sample)),
            .passwordChanged(.success(Acknowledgement())),
        ]
        let texts = events.map(String.init(describing:))
        #expect(texts[0] == "appeared")
        #expect(texts[5].hasPrefix("loaded("))
        #expect(texts[6].contains("Johnny B"))
        #expect(Set(texts).count == events.count)
        #expect(events.allSatisfy { $0.debugDescription == $0.description })
    }
}
