import TUI

extension ChoiceState {
    /// The chosen option's text, nil before a choice.
    var selectedOption: String? { selection.map { options[$0] } }
}
