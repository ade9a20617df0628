/// The two forms of the screen.
public enum ProfileSection: Hashable, Sendable, CaseIterable {
    case basicInformation
    case password

    /// The section's heading, as the screen writes it.
    public var title: String {
        switch self {
        case .basicInformation: "BASIC INFORMATION"
        case .password: "PASSWORD"
        }
    }

    /// The label of the section's submit button.
    public var saveButtonTitle: String { "SAVE CHANGES" }

    /// The editable fields of the section, top to bottom.
    public var fields: [ProfileField] {
        ProfileField.allCases.filter { $0.section == self }
    }
}

/// The editable fields, in screen order.
public enum ProfileField: String, Hashable, Sendable, CaseIterable {
    case firstName
    case lastName
    case currentPassword
    case newPassword
    case passwordConfirmation

    public var label: String {
        switch self {
        case .firstName: "First Name"
        case .lastName: "Last Name"
        case .currentPassword: "Current Password"
        case .newPassword: "New Password"
        case .passwordConfirmation: "Re-enter Password"
        }
    }

    public var section: ProfileSection {
        switch self {
        case .firstName, .lastName: .basicInformation
        case .currentPassword, .newPassword, .passwordConfirmation: .password
        }
    }

    /// Secret fields are shown masked and never leave the state except in the request.
    public var isSecret: Bool { section == .password }
}
