import AppShell
import Contract
import Core
import Profile
import TUI

/// Where everything of the profile form goes in a rectangle: labels on the left, fields on the
/// right, one row under each field for its error, two rows beside each SAVE CHANGES for the
/// section's message. Below 20 rows (a 60×20 terminal, minus the key bar) the blank rows after
/// the header and the section titles go, so the whole form still fits; in fewer rows than that
/// (the network inspector sharing the terminal) the form scrolls under the header
/// (`ProfileView`).
package struct ProfileLayout: Equatable {
    /// "Re-enter Password", the longest label.
    package static let labelWidth = 17
    /// 50 characters and the cursor.
    package static let widestField = ProfileValidation.maximumNameLength + 1

    package let rect: Rect
    package let isCompact: Bool
    /// Column of the focus marker `▸`.
    package let markerX: Int
    package let labelX: Int
    package let fieldX: Int
    package let fieldWidth: Int
    /// The right edge of the content (rules and messages stop here).
    package let contentMaxX: Int
    package let header: Int
    package let titles: [ProfileSection: Int]
    package let username: Int
    package let fields: [ProfileField: Int]
    package let buttons: [ProfileSection: Int]
    /// The last row (the backend line).
    package let footer: Int
    /// The row under the form: the second row of the password section's message ends above it.
    package let formBottom: Int

    /// - Parameter compact: without the blank rows (nil: when `rect` has fewer than 20 rows).
    package init(_ rect: Rect, compact: Bool? = nil) {
        self.rect = rect
        isCompact = compact ?? (rect.height < 20)
        markerX = rect.x
        labelX = rect.x + 2
        fieldX = labelX + Self.labelWidth + 2
        fieldWidth = max(1, min(Self.widestField, rect.maxX - 2 - fieldX))
        contentMaxX = fieldX + fieldWidth
        header = rect.y
        footer = rect.maxY - 1

        var y = rect.y + (isCompact ? 1 : 2)
        var titles: [ProfileSection: Int] = [:]
        var fields: [ProfileField: Int] = [:]
        var buttons: [ProfileSection: Int] = [:]
        var username = y
        for section in ProfileSection.allCases {
            titles[section] = y
            y += isCompact ? 1 : 2
            if section == .basicInformation {
                username = y
                y += 1
            }
            for field in section.fields {
                fields[field] = y
                y += 2 // the field, then its error
            }
            buttons[section] = y
            y += 2 // the button, then the second row of its message
        }
        formBottom = y
        self.titles = titles
        self.fields = fields
        self.buttons = buttons
        self.username = username
    }

    /// The row of a focus stop.
    package func y(of focus: ProfileFocus) -> Int {
        switch focus {
        case .outside, .back: header
        case .field(let field): fields[field] ?? header
        case .save(let section): buttons[section] ?? header
        }
    }

    package func row(_ y: Int, from x: Int, to maxX: Int) -> Rect {
        Rect(x: x, y: y, width: max(0, maxX - x), height: 1)
    }
}
