import Contract

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

extension ProfileField {
    /// The form the field belongs to.
    public var section: ProfileSection {
        isSecret ? .password : .basicInformation
    }
}
