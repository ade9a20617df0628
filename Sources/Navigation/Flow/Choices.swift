/// The fixed contents of the B screens and the text fields. The domain owns them so the
/// reducer can submit the label and C can show it, and the screens only draw them.
public enum Choices {
    /// B1's wheel picker.
    public static let b1 = ["Choice A", "Choice B", "Choice C", "Choice D", "Choice E"]
    /// B2's exclusive checkboxes.
    public static let b2 = ["Option 1", "Option 2", "Option 3", "Option 4", "Option 5"]
}

/// Any lorem ipsum will do (the challenge says so, Docs/navigation.md); B3 and the C screens show this one.
public enum LoremIpsum {
    public static let text = """
        Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor \
        incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud \
        exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure \
        dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. \
        Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt \
        mollit anim id est laborum.
        """
}
