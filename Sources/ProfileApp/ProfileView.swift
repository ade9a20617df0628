import AppShell
import Contract
import Core
import Profile
import TUI

/// Draws the profile screen from the domain state, the focus and the text fields' cursors. Pure:
/// the same input draws the same cells.
package struct ProfileView: Widget {
    package static let headerColor = RGB(0x8F, 0x1F, 0x1F)
    package static let headerStyle = Style(foreground: .white, background: headerColor, bold: true)
    /// Errors are bold as well as red, and start with ✗, so they read without colour.
    package static let errorStyle = Style(foreground: .red, bold: true)
    package static let successStyle = Style(foreground: .green, bold: true)
    package static let unsavedStyle = Style(foreground: .yellow, bold: true)
    package static let unsavedMarker = "● unsaved"
    package static let savingLabel = "Saving…"

    package var state: ProfileState
    package var focus: ProfileFocus
    package var fields: [ProfileField: TextFieldState]
    /// How long the spinner has been turning (nil when nothing is in flight).
    package var busyFor: Duration?
    /// The backend in use, on the last row.
    package var backend: String
    /// Seconds left of a "too many attempts" wait, counted down live (nil: none).
    package var lockoutLeft: Int? = nil

    /// Draws into `rect`; returns the cursor when a text field has focus. In fewer rows than the
    /// form needs (the network inspector shares the terminal) the header stays and the form
    /// scrolls under it, the focused stop in the middle where it can be: drawn whole on a canvas
    /// of its own, of which `rect` shows a window.
    package func draw(in rect: Rect, on canvas: inout Canvas) -> Point? {
        guard !rect.isEmpty else { return nil }
        let layout = ProfileLayout(rect)
        guard state.showsForm, layout.formBottom > rect.maxY else { return drawWhole(layout, on: &canvas) }
        let whole = ProfileLayout(Rect(x: 0, y: 0, width: rect.width, height: layout.formBottom - rect.y), compact: true)
        var form = Canvas(size: whole.rect.size)
        let cursor = drawWhole(whole, on: &form)
        let window = rect.inset(top: 1)
        let scrollable = max(0, whole.formBottom - 1 - window.height)
        let offset = min(max(0, whole.y(of: focus) - 1 - (window.height - 2) / 2), scrollable)
        let origin = Point(x: rect.x, y: window.y - 1 - offset)
        canvas.draw(form, at: origin, clipTo: window)
        drawHeader(layout, on: &canvas)
        return cursor.map { $0.offsetBy(dx: origin.x, dy: origin.y) }.flatMap { window.contains($0) ? $0 : nil }
    }

    private func drawWhole(_ layout: ProfileLayout, on canvas: inout Canvas) -> Point? {
        let rect = layout.rect
        drawHeader(layout, on: &canvas)
        guard state.showsForm else {
            drawLoadStatus(layout, on: &canvas)
            return nil
        }
        var cursor: Point?
        for section in ProfileSection.allCases {
            drawTitle(section, layout, on: &canvas)
            if section == .basicInformation { drawUsername(layout, on: &canvas) }
            for field in section.fields {
                if let point = drawField(field, layout, on: &canvas) { cursor = point }
            }
            drawButton(section, layout, on: &canvas)
        }
        let footerY = layout.footer
        if footerY > (layout.buttons[.password] ?? footerY) + 1 {
            TextBlock(backend, style: .dim, maxLines: 1, wraps: false)
                .draw(in: layout.row(footerY, from: layout.labelX, to: rect.maxX - 2), on: &canvas)
        }
        return cursor
    }

    // MARK: Parts

    private func drawHeader(_ layout: ProfileLayout, on canvas: inout Canvas) {
        let row = layout.row(layout.header, from: layout.rect.x, to: layout.rect.maxX)
        canvas.fill(row, style: Self.headerStyle)
        let title = ProfileCopy.title
        let titleX = row.x + TextLayout.offset(of: DisplayWidth.of(title), in: row.width, alignment: .center)
        canvas.put(title, at: Point(x: titleX, y: row.y), style: Self.headerStyle, clipTo: row)
        // Drawn after the title so a narrow screen keeps the way back whole.
        BackButton(ProfileCopy.backButton, isFocused: focus == .back && state.showsForm, style: Self.headerStyle)
            .draw(in: row, on: &canvas, target: ProfileTarget.back)
    }

    /// Instead of the form: the spinner while loading, or why loading failed and how to retry.
    private func drawLoadStatus(_ layout: ProfileLayout, on canvas: inout Canvas) {
        let body = layout.rect.inset(top: 1, left: 2, bottom: 0, right: 2)
        let middle = body.y + body.height / 2 - 1
        if state.isLoading {
            let text = "\(Spinner().frame(at: busyFor ?? .zero)) \(ProfileCopy.loading)"
            TextBlock(text, alignment: .center).draw(in: layout.row(middle, from: body.x, to: body.maxX), on: &canvas)
        } else if let message = state.loadMessage {
            let lines = TextBlock("✗ \(message)", style: Self.errorStyle, alignment: .center, maxLines: 2)
                .draw(in: Rect(x: body.x, y: middle, width: body.width, height: 2), on: &canvas)
            if let advice = state.loadAdvice {
                TextBlock(advice, style: .dim, alignment: .center)
                    .draw(in: layout.row(middle + lines + 1, from: body.x, to: body.maxX), on: &canvas)
            }
        }
    }

    private func drawTitle(_ section: ProfileSection, _ layout: ProfileLayout, on canvas: inout Canvas) {
        guard let y = layout.titles[section] else { return }
        let row = layout.row(y, from: layout.labelX, to: layout.contentMaxX)
        var x = canvas.put(section.title, at: row.origin, style: .bold, clipTo: row)
        if state.isDirty(section) {
            x = canvas.put("  " + Self.unsavedMarker, at: Point(x: x, y: y), style: Self.unsavedStyle, clipTo: row)
        }
        if x + 1 < row.maxX {
            canvas.fill(layout.row(y, from: x + 1, to: row.maxX), with: "─", style: .dim)
        }
    }

    private func drawUsername(_ layout: ProfileLayout, on canvas: inout Canvas) {
        let y = layout.username
        canvas.put(ProfileCopy.usernameLabel, at: Point(x: layout.labelX, y: y), style: .plain,
                   clipTo: layout.row(y, from: layout.labelX, to: layout.fieldX))
        canvas.put(state.userName, at: Point(x: layout.fieldX, y: y), style: .dim,
                   clipTo: layout.row(y, from: layout.fieldX, to: layout.contentMaxX))
    }

    private func drawField(_ field: ProfileField, _ layout: ProfileLayout, on canvas: inout Canvas) -> Point? {
        guard let y = layout.fields[field] else { return nil }
        let isFocused = focus == .field(field)
        drawMarker(isFocused, y: y, layout, on: &canvas)
        canvas.put(field.label, at: Point(x: layout.labelX, y: y), style: isFocused ? .bold : .plain,
                   clipTo: layout.row(y, from: layout.labelX, to: layout.fieldX))
        // A field whose section is being saved is dimmed: it takes no input until the answer.
        let text = fields[field] ?? TextFieldState(isMasked: field.isSecret)
        let widget = state.isEditable(field)
            ? TextField(text, isFocused: isFocused, placeholder: ProfileCopy.placeholder(field))
            : TextField(
                text, isFocused: isFocused, placeholder: ProfileCopy.placeholder(field),
                style: Style(dim: true, underline: true), focusedStyle: Style(dim: true, underline: true))
        let cursor = widget.draw(in: layout.row(y, from: layout.fieldX, to: layout.contentMaxX), on: &canvas)
        canvas.addHitRegion(layout.row(y, from: layout.markerX, to: layout.contentMaxX), ProfileTarget.field(field))
        if let error = state.error(for: field) {
            // The wait the server named counts down, as every other countdown does.
            let shown = ProfileRules.secondsToWait(in: error) != nil
                ? lockoutLeft.map { $0 > 0 ? ProfileRules.tooManyAttemptsMessage(seconds: $0) : ProfileRules.mayTryAgainMessage } ?? error
                : error
            drawUnder(field: y, "✗ " + shown, style: Self.errorStyle, layout, on: &canvas)
        } else if isFocused, let limit = text.maxLength, text.count >= limit {
            // A full field takes no more keys: said, so a key that does nothing is explained.
            drawUnder(field: y, ProfileCopy.fieldFull(maximum: limit), style: .dim, layout, on: &canvas)
        }
        return cursor
    }

    /// A line under the field at row `y`; one too long for that starts further left, never past
    /// the labels.
    private func drawUnder(field y: Int, _ line: String, style: Style, _ layout: ProfileLayout, on canvas: inout Canvas) {
        let x = max(layout.labelX, min(layout.fieldX, layout.contentMaxX - DisplayWidth.of(line)))
        let row = layout.row(y + 1, from: x, to: layout.contentMaxX)
        canvas.put(TextLayout.truncate(line, width: row.width), at: row.origin, style: style, clipTo: row)
    }

    private func drawButton(_ section: ProfileSection, _ layout: ProfileLayout, on canvas: inout Canvas) {
        guard let y = layout.buttons[section] else { return }
        let isFocused = focus == .save(section)
        drawMarker(isFocused, y: y, layout, on: &canvas)
        let button = Button(section.saveButtonTitle, isFocused: isFocused, isEnabled: !state.isSaving(section))
        let buttonRow = layout.row(y, from: layout.labelX, to: layout.contentMaxX)
        let taken = button.draw(in: buttonRow, on: &canvas)
        canvas.addHitRegion(taken, ProfileTarget.save(section), clipTo: buttonRow)
        let area = Rect(x: taken.maxX + 2, y: y, width: max(0, layout.contentMaxX - taken.maxX - 2), height: 2)
        if state.isSaving(section) {
            Spinner(elapsed: busyFor ?? .zero, label: Self.savingLabel).draw(in: area, on: &canvas)
        } else if let notice = state.message(for: section) {
            let (text, style): (String, Style) = switch notice.tone {
            case .success: ("✓ " + notice.text, Self.successStyle)
            case .error: ("✗ " + notice.text, Self.errorStyle)
            case .info: (notice.text, .plain)
            }
            TextBlock(text, style: style, maxLines: 2).draw(in: area, on: &canvas)
        }
    }

    private func drawMarker(_ isFocused: Bool, y: Int, _ layout: ProfileLayout, on canvas: inout Canvas) {
        guard isFocused else { return }
        canvas.put("▸", at: Point(x: layout.markerX, y: y), style: .bold)
    }
}
