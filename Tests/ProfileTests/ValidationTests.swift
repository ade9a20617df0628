import Contract
import Testing
@testable import Profile

@Suite(.timeLimit(.minutes(10))) struct ValidationTests {
    struct NameCase: Sendable, CustomTestStringConvertible {
        let first: String, last: String
        let expected: [ProfileField: String]
        var testDescription: String { "\(first.debugDescription) \(last.debugDescription)" }
    }

    static let nameCases: [NameCase] = [
        NameCase(first: "Johnny B", last: "Goode", expected: [:]),
        NameCase(first: "", last: "Goode", expected: [.firstName: "Enter a first name"]),
        NameCase(first: "   ", last: "\t\n", expected: [.firstName: "Enter a first name", .lastName: "Enter a last name"]),
        NameCase(first: String(repeating: "a", count: 50), last: "x", expected: [:]),
        NameCase(first: String(repeating: "a", count: 51), last: "x",
                 expected: [.firstName: "First Name must be at most 50 characters"]),
        // Whitespace around a 50-character name does not count.
        NameCase(first: "  " + String(repeating: "a", count: 50) + "  ", last: "x", expected: [:]),
        // 50 characters, each several bytes and scalars: Characters are counted.
        NameCase(first: "x", last: String(repeating: "👩‍👩‍👧", count: 50), expected: [:]),
        NameCase(first: "x", last: String(repeating: "é", count: 51),
                 expected: [.lastName: "Last Name must be at most 50 characters"]),
        // A terminal escape sequence in a name, a tab inside one, a C1 control: not text.
        NameCase(first: "A\u{1b}[2J", last: "x", expected: [.firstName: "First Name may not contain control characters"]),
        NameCase(first: "Ada", last: "Love\tlace", expected: [.lastName: "Last Name may not contain control characters"]),
        NameCase(first: "A\u{9b}2J", last: "x", expected: [.firstName: "First Name may not contain control characters"]),
    ]

    @Test(arguments: nameCases)
    func names(_ c: NameCase) {
        #expect(ProfileValidation.validateNames(firstName: c.first, lastName: c.last) == c.expected)
    }

    struct PasswordCase: Sendable, CustomTestStringConvertible {
        let current: String, new: String, confirmation: String
        let expected: [ProfileField: String]
        var testDescription: String { "\(current.count)/\(new.count)/\(confirmation.count) → \(expected.keys.map(\.rawValue).sorted())" }
    }

    static let passwordCases: [PasswordCase] = [
        PasswordCase(current: "password123", new: "brand new pw", confirmation: "brand new pw", expected: [:]),
        PasswordCase(current: "", new: "", confirmation: "", expected: [
            .currentPassword: "Enter your current password", .newPassword: "Enter a new password",
            .passwordConfirmation: "Re-enter the new password",
        ]),
        PasswordCase(current: "password123", new: "short", confirmation: "short",
                     expected: [.newPassword: "Use at least 8 characters"]),
        PasswordCase(current: "password123", new: "12345678", confirmation: "12345678", expected: [:]),
        PasswordCase(current: "password123", new: "1234567", confirmation: "1234567",
                     expected: [.newPassword: "Use at least 8 characters"]),
        PasswordCase(current: "password123", new: "password123", confirmation: "password123",
                     expected: [.newPassword: "Choose a password different from the current one"]),
        PasswordCase(current: "password123", new: "brand new pw", confirmation: "brand new pX",
                     expected: [.passwordConfirmation: "The passwords don't match"]),
        PasswordCase(current: "password123", new: "brand new pw", confirmation: "",
                     expected: [.passwordConfirmation: "Re-enter the new password"]),
        PasswordCase(current: "", new: "brand new pw", confirmation: "brand new pw",
                     expected: [.currentPassword: "Enter your current password"]),
        // Passwords are verbatim: surrounding spaces are part of them.
        PasswordCase(current: "password123", new: " password123 ", confirmation: " password123 ", expected: [:]),
    ]

    @Test(arguments: passwordCases)
    func passwords(_ c: PasswordCase) {
        let errors = ProfileValidation.validatePasswordChange(
            current: Secret(c.current), new: Secret(c.new), confirmation: Secret(c.confirmation))
        #expect(errors == c.expected)
    }

    @Test(arguments: [("  a b  ", "a b"), ("\n\tx", "x"), ("   ", ""), ("", ""), ("y", "y")])
    func trimming(_ input: String, _ expected: String) {
        #expect(ProfileValidation.trimmed(input) == expected)
    }
}
