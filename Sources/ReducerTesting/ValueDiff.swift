/// A readable difference of two values for a failing test: both are dumped (`dump`, one line a
/// field) and the lines compared, so a state of forty fields shows the two that differ instead
/// of two walls of text. Lines only in `expected` start with `−`, lines only in `actual` with
/// `+`; two unchanged lines of context around each change, `…` for what is left out.
public enum ValueDiff {
    public static func lines<T>(expected: T, actual: T, context: Int = 2) -> String {
        let old = dumped(expected), new = dumped(actual)
        let edits = script(old, new)
        let changed = edits.indices.filter { edits[$0].mark != " " }
        guard !changed.isEmpty else { return "(no difference in their dumps)" }
        var shown = Set<Int>()
        for index in changed {
            for near in max(0, index - context)...min(edits.count - 1, index + context) { shown.insert(near) }
        }
        var output: [String] = []
        var last = -1
        for index in shown.sorted() {
            if index != last + 1 { output.append("  …") }
            output.append("\(edits[index].mark) \(edits[index].line)")
            last = index
        }
        if last != edits.count - 1 { output.append("  …") }
        return output.joined(separator: "\n")
    }

    private static func dumped<T>(_ value: T) -> [String] {
        var text = ""
        dump(value, to: &text)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    private struct Edit {
        var mark: Character
        var line: String
    }

    /// The shortest edit script by longest common subsequence (states dump to tens of lines).
    private static func script(_ old: [String], _ new: [String]) -> [Edit] {
        let rows = old.count, columns = new.count
        var common = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
        for i in stride(from: rows - 1, through: 0, by: -1) {
            for j in stride(from: columns - 1, through: 0, by: -1) {
                common[i][j] = old[i] == new[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var edits: [Edit] = []
        var i = 0, j = 0
        while i < rows || j < columns {
            if i < rows, j < columns, old[i] == new[j] {
                edits.append(Edit(mark: " ", line: old[i]))
                i += 1
                j += 1
            } else if i < rows, j == columns || common[i + 1][j] >= common[i][j + 1] {
                edits.append(Edit(mark: "−", line: old[i]))
                i += 1
            } else {
                edits.append(Edit(mark: "+", line: new[j]))
                j += 1
            }
        }
        return edits
    }
}
