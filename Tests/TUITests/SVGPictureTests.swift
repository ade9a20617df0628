import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TUI
@testable import TUITesting

/// Canvas → SVG: what each cell attribute becomes, read back through an XML parser (so every
/// picture is also checked to be well-formed).
@Suite(.timeLimit(.minutes(10))) struct SVGPictureTests {
    let picture = SVGPicture()
    static let fg = "#D0D0D0", bg = "#1E1E1E"

    @Test func aTinyCanvasWithEveryAttribute() throws {
        var canvas = Canvas(size: Size(width: 12, height: 1))
        canvas.put("B", at: Point(x: 0, y: 0), style: .bold)
        canvas.put("U", at: Point(x: 2, y: 0), style: .underline)
        canvas.put("D", at: Point(x: 4, y: 0), style: .dim)
        canvas.put("R", at: Point(x: 6, y: 0), style: .reverse)
        canvas.put("C", at: Point(x: 8, y: 0), style: Style(foreground: .red, background: .blue))
        canvas.put("p", at: Point(x: 10, y: 0))
        let svg = try SVGTree(picture.svg(of: canvas, title: "tiny"))

        #expect(svg.text("B")?.fill == Self.fg)
        #expect(svg.text("B")?.bold == true)
        #expect(svg.text("p")?.bold == false)
        #expect(svg.text("p")?.fill == Self.fg)
        // Underline: a 1 px line in the text colour under the cell, 15 px down.
        #expect(svg.rects.contains { $0 == SVGRect("16.8", "15", "8.4", "1", Self.fg) })
        #expect(svg.rects.filter { $0.height == "1" }.count == 1)
        // Dim: the text colour halfway to the background ((0xD0 + 0x1E) / 2 = 0x77).
        #expect(svg.text("D")?.fill == "#777777")
        // Reverse: the default colours swapped, the cell's background drawn.
        #expect(svg.text("R")?.fill == Self.bg)
        #expect(svg.rects.contains { $0 == SVGRect("50.4", "0", "8.4", "17", Self.fg) })
        // Colours of their own.
        #expect(svg.text("C")?.fill == RGB.red.hex)
        #expect(svg.rects.contains { $0 == SVGRect("67.2", "0", "8.4", "17", RGB.blue.hex) })
        // Cells on the terminal's background draw no rectangle of their own.
        #expect(svg.rects.count == 3)
        // Text sits on the grid: 8.4 px a column, on a 13 px baseline.
        #expect(svg.text("C")?.x == "67.2")
        #expect(svg.text("C")?.y == "13")
    }

    @Test func reverseSwapsGivenColoursToo() throws {
        var canvas = Canvas(size: Size(width: 3, height: 1))
        canvas.put("r", at: Point(x: 1, y: 0), style: Style(foreground: .yellow, background: .green, reverse: true))
        let svg = try SVGTree(picture.svg(of: canvas, title: "reverse"))
        #expect(svg.text("r")?.fill == RGB.green.hex)
        #expect(svg.rects == [SVGRect("8.4", "0", "8.4", "17", RGB.yellow.hex)])
    }

    @Test func dimOnAColouredCellMixesWithThatCellsBackground() throws {
        var canvas = Canvas(size: Size(width: 1, height: 1))
        canvas.put("d", at: .zero, style: Style(foreground: RGB(200, 100, 0), background: RGB(0, 0, 100), dim: true))
        let svg = try SVGTree(picture.svg(of: canvas, title: "dim"))
        #expect(svg.text("d")?.fill == RGB(100, 50, 50).hex)
    }

    @Test func markupCharactersAreEscapedInTextAndTitle() throws {
        var canvas = Canvas(size: Size(width: 10, height: 1))
        canvas.put(#"a<&>"b'"#, at: .zero)
        let raw = picture.svg(of: canvas, title: #"<"Tom" & 'Jerry'>"#)
        #expect(raw.contains(#"a&lt;&amp;&gt;&quot;b&#39;"#))
        let svg = try SVGTree(raw)
        #expect(svg.texts.first?.content == #"a<&>"b'"#)
        #expect(svg.title == #"<"Tom" & 'Jerry'>"#)
        #expect(svg.captions == [#"<"Tom" & 'Jerry'>"#])
        #expect(SVGPicture.escape("\u{1}x\u{FFFE}") == "\u{FFFD}x\u{FFFD}")
    }

    @Test func wideCharactersAreCentredOnTheirTwoCells() throws {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.put("漢x字", at: .zero)
        let svg = try SVGTree(picture.svg(of: canvas, title: "wide"))
        let han = try #require(svg.text("漢"))
        #expect(han.x == "8.4")
        #expect(han.anchor == "middle")
        #expect(svg.text("x")?.x == "16.8")
        #expect(svg.text("x")?.anchor == nil)
        #expect(svg.text("字")?.x == "33.6")
    }

    @Test func textRunsCarryTheirLengthAndBreakAtGapsAndStyles() throws {
        var canvas = Canvas(size: Size(width: 30, height: 1))
        canvas.put("two words", at: .zero)
        canvas.put("gap", at: Point(x: 11, y: 0))
        canvas.put("bold", at: Point(x: 14, y: 0), style: .bold)
        let svg = try SVGTree(picture.svg(of: canvas, title: "runs"))
        #expect(svg.texts.map(\.content) == ["two words", "gap", "bold"])
        #expect(svg.text("two words")?.length == "75.6")
        #expect(svg.text("gap")?.x == "92.4")
        #expect(svg.text("bold")?.bold == true)
    }

    @Test func boxDrawingIsOnePathOfMergedLinesNotText() throws {
        var canvas = Canvas(size: Size(width: 4, height: 3))
        canvas.put("┌──┐", at: .zero)
        canvas.put("│  │", at: Point(x: 0, y: 1))
        canvas.put("└──┘", at: Point(x: 0, y: 2))
        let svg = try SVGTree(picture.svg(of: canvas, title: "box"))
        #expect(svg.texts.isEmpty)
        #expect(svg.paths.count == 1)
        let d = try #require(svg.paths.first?.d)
        // The top edge: from half a line left of the corner's centre to half a line past the
        // other's; the left edge likewise, down the whole box.
        #expect(d.contains("M3.6 8.5H30"))
        #expect(d.contains("M3.6 42.5H30"))
        #expect(d.contains("M4.2 7.9V43.1"))
        #expect(d.contains("M29.4 7.9V43.1"))
        #expect(d.components(separatedBy: "M").count - 1 == 4)
        #expect(svg.paths.first?.stroke == Self.fg)
        #expect(svg.paths.first?.width == "1.2")
    }

    @Test func heavyDoubleAndRoundedLines() throws {
        var canvas = Canvas(size: Size(width: 6, height: 1))
        canvas.put("━╭╯╔═x", at: .zero)
        let svg = try SVGTree(picture.svg(of: canvas, title: "lines"))
        #expect(svg.texts.map(\.content) == ["x"])
        let widths = svg.paths.map(\.width)
        #expect(widths == ["2.4", "1.2", "1"])
        #expect(svg.paths[0].d == "M0 8.5H8.4")
        // Rounded corners are quarter curves.
        #expect(svg.paths[1].d == "M16.8 8.5Q12.6 8.5 12.6 12.7V17M16.8 8.5Q21 8.5 21 4.3V0")
        // ═ is two lines; ╔ two nested corners that meet them.
        #expect(svg.paths[2].d.contains("M33.6 6.9H42"))
        #expect(svg.paths[2].d.contains("M33.6 10.1H42"))
        #expect(svg.paths[2].d.contains("M33.6 6.9H27.8V17"))
        #expect(svg.paths[2].d.contains("M33.6 10.1H31V17"))
    }

    @Test func doubleJunctionsDrawEveryArmAsTwoLines() throws {
        var canvas = Canvas(size: Size(width: 1, height: 2))
        canvas.put("╬", at: .zero)
        canvas.put("║", at: Point(x: 0, y: 1))
        let svg = try SVGTree(picture.svg(of: canvas, title: "junction"))
        #expect(svg.paths.count == 1)
        let d = try #require(svg.paths.first?.d)
        // Across: two lines, each arm reaching half a line past the centre.
        #expect(d.contains("M0 6.9H8.4"))
        #expect(d.contains("M0 10.1H8.4"))
        // Down: two lines through both rows, merged.
        #expect(d.contains("M2.6 0V34"))
        #expect(d.contains("M5.8 0V34"))
    }

    @Test func quadrantsAndEighthsAreTheirPartsOfTheCell() throws {
        var canvas = Canvas(size: Size(width: 3, height: 1))
        canvas.put("▚▂▎", at: .zero)
        let svg = try SVGTree(picture.svg(of: canvas, title: "parts"))
        #expect(svg.rects == [
            SVGRect("0", "0", "4.2", "8.5", Self.fg),
            SVGRect("4.2", "8.5", "4.2", "8.5", Self.fg),
            SVGRect("8.4", "12.75", "8.4", "4.25", Self.fg),
            SVGRect("16.8", "0", "2.1", "17", Self.fg),
        ])
    }

    @Test func blocksAreRectanglesMergedAlongRowsAndDownColumns() throws {
        var canvas = Canvas(size: Size(width: 4, height: 2))
        let green = Style(foreground: .green)
        canvas.put("██▀░", at: .zero, style: green)
        canvas.put("██", at: Point(x: 0, y: 1), style: green)
        let svg = try SVGTree(picture.svg(of: canvas, title: "blocks"))
        #expect(svg.texts.isEmpty)
        #expect(svg.rects == [
            SVGRect("0", "0", "16.8", "34", RGB.green.hex),
            SVGRect("16.8", "0", "8.4", "8.5", RGB.green.hex),
            SVGRect("25.2", "0", "8.4", "17", RGB.green.hex, fillOpacity: "0.25"),
        ])
    }

    @Test func backgroundsMergeIntoOneRectanglePerRegion() throws {
        var canvas = Canvas(size: Size(width: 10, height: 5))
        canvas.fill(Rect(x: 0, y: 1, width: 10, height: 3), style: Style(background: RGB(hex: "#FFFF66")))
        canvas.fill(Rect(x: 2, y: 2, width: 3, height: 1), style: Style(background: .red))
        let svg = try SVGTree(picture.svg(of: canvas, title: "backgrounds"))
        #expect(svg.rects == [
            SVGRect("0", "17", "84", "17", "#FFFF66"),
            SVGRect("0", "34", "16.8", "17", "#FFFF66"),
            SVGRect("16.8", "34", "25.2", "17", RGB.red.hex),
            SVGRect("42", "34", "42", "17", "#FFFF66"),
            SVGRect("0", "51", "84", "17", "#FFFF66"),
        ])
    }

    @Test func theSameCanvasGivesTheSameBytesAndAChangeShows() {
        var canvas = Canvas(size: Size(width: 20, height: 3))
        canvas.put("╭─ same ─╮ █▀ ✓ 漢", at: .zero, style: Style(foreground: .yellow, bold: true))
        canvas.put("text", at: Point(x: 1, y: 1), style: Style(background: .blue, underline: true))
        let first = picture.svg(of: canvas, title: "same")
        #expect(picture.svg(of: canvas, title: "same") == first)
        var other = canvas
        other.put("x", at: Point(x: 19, y: 2))
        #expect(picture.svg(of: other, title: "same") != first)
    }

    @Test func theWindowIsSizedFromTheGridAndNamesTheFont() throws {
        let raw = picture.svg(of: Canvas(size: Size(width: 80, height: 24)), title: "empty")
        let svg = try SVGTree(raw)
        // 80 × 8.4 + 2 × 12 wide; 38 + 24 × 17 + 12 high.
        #expect(svg.root.attributes["width"] == "696")
        #expect(svg.root.attributes["height"] == "458")
        #expect(raw.contains(#"font-family='ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace'"#))
        #expect(svg.rects.isEmpty)
        #expect(svg.texts.isEmpty)
    }

    @Test func theCursorIsATranslucentBlock() throws {
        let svg = try SVGTree(picture.svg(of: Canvas(size: Size(width: 4, height: 2)), cursor: Point(x: 2, y: 1), title: "cursor"))
        #expect(svg.rects == [SVGRect("16.8", "17", "8.4", "17", Self.fg, fillOpacity: "0.6")])
    }

    @Test func anAnimationShowsEachFrameInTurnAndLoops() throws {
        func frame(_ text: String, seconds: Int) -> SVGPicture.Frame {
            var canvas = Canvas(size: Size(width: 10, height: 1))
            canvas.put(text, at: .zero)
            return SVGPicture.Frame(canvas: canvas, caption: "at \(text)", hold: .seconds(seconds))
        }
        let raw = picture.animation([frame("one", seconds: 2), frame("two", seconds: 3), frame("three", seconds: 5)], title: "flow")
        let svg = try SVGTree(raw)
        #expect(svg.title == "flow")
        let groups = svg.root.children.filter { $0.name == "g" && $0.attributes["visibility"] != nil }
        #expect(groups.map { $0.attributes["visibility"] } == ["visible", "hidden", "hidden"])
        let animations = groups.compactMap { $0.children.first { $0.name == "animate" } }
        #expect(animations.map { $0.attributes["keyTimes"] } == ["0;0.2", "0;0.2;0.5", "0;0.5"])
        #expect(animations.map { $0.attributes["values"] } == ["visible;hidden", "hidden;visible;hidden", "hidden;visible"])
        #expect(animations.allSatisfy { $0.attributes["dur"] == "10s" && $0.attributes["repeatCount"] == "indefinite" })
        #expect(animations.allSatisfy { $0.attributes["calcMode"] == "discrete" })
        #expect(svg.captions == ["at one", "at two", "at three"])
        #expect(svg.texts.map(\.content) == ["one", "two", "three"])
        #expect(picture.animation([frame("one", seconds: 2), frame("two", seconds: 3)], title: "flow") != raw)
    }

    @Test func anAnimationOfOneFrameIsStillAndOfNoneIsAnEmptyWindow() throws {
        var canvas = Canvas(size: Size(width: 5, height: 1))
        canvas.put("only", at: .zero)
        let one = try SVGTree(picture.animation([SVGPicture.Frame(canvas: canvas, caption: "still", hold: .seconds(1))], title: "one"))
        #expect(one.texts.map(\.content) == ["only"])
        #expect(!one.root.children.contains { $0.children.contains { $0.name == "animate" } })
        let none = try SVGTree(picture.animation([], title: "none"))
        #expect(none.texts.isEmpty)
        #expect(none.captions == ["none"])
    }

    @Test func numbersArePrintedExactlyAndShort() {
        #expect(SVGPicture.number(8_400) == "8.4")
        #expect(SVGPicture.number(17_000) == "17")
        #expect(SVGPicture.number(50) == "0.05")
        #expect(SVGPicture.number(-1_200) == "-1.2")
        #expect(SVGPicture.fraction(1, of: 3) == "0.3333")
        #expect(SVGPicture.fraction(3, of: 3) == "1")
    }
}

// MARK: Reading an SVG back

/// A rectangle as the SVG says it (strings, exactly as written).
struct SVGRect: Equatable, CustomStringConvertible {
    var x, y, width, height, fill: String
    var fillOpacity: String?

    init(_ x: String, _ y: String, _ width: String, _ height: String, _ fill: String, fillOpacity: String? = nil) {
        (self.x, self.y, self.width, self.height, self.fill) = (x, y, width, height, fill)
        self.fillOpacity = fillOpacity
    }

    var description: String { "rect(\(x), \(y), \(width)×\(height), \(fill)\(fillOpacity.map { " @\($0)" } ?? ""))" }
}

/// The parsed document, and the grid's texts, rectangles and paths with the attributes they
/// inherit from their groups.
struct SVGTree {
    final class Node {
        let name: String
        let attributes: [String: String]
        var children: [Node] = []
        var text = ""
        init(name: String, attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }
    }

    struct Text {
        var content: String
        var x: String?
        var y: String?
        var fill: String?
        var bold: Bool
        var anchor: String?
        var length: String?
    }

    struct Path {
        var d: String
        var stroke: String?
        var width: String?
    }

    let root: Node
    var title: String? { root.children.first { $0.name == "title" }?.text }
    /// Texts on the grid.
    private(set) var texts: [Text] = []
    /// Texts in the title bar.
    private(set) var captions: [String] = []
    private(set) var rects: [SVGRect] = []
    private(set) var paths: [Path] = []

    init(_ svg: String) throws {
        let builder = TreeBuilder()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = builder
        guard parser.parse(), let root = builder.root else {
            throw SVGTreeError(description: "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "no root")\n\(svg)")
        }
        self.root = root
        // The grid is the group moved into the window; captions are outside it.
        collect(root, inherited: [:], inGrid: false)
    }

    func text(_ content: String) -> Text? { texts.first { $0.content == content } }

    private mutating func collect(_ node: Node, inherited: [String: String], inGrid: Bool) {
        let attributes = inherited.merging(node.attributes) { $1 }
        let grid = inGrid || node.attributes["transform"] != nil
        switch node.name {
        case "text" where !grid:
            captions.append(node.text)
        case "text":
            texts.append(Text(
                content: node.text, x: node.attributes["x"], y: node.attributes["y"], fill: attributes["fill"],
                bold: attributes["font-weight"] == "bold", anchor: node.attributes["text-anchor"],
                length: node.attributes["textLength"]))
        case "rect" where grid:
            rects.append(SVGRect(
                node.attributes["x"] ?? "", node.attributes["y"] ?? "", node.attributes["width"] ?? "",
                node.attributes["height"] ?? "", node.attributes["fill"] ?? "", fillOpacity: node.attributes["fill-opacity"]))
        case "path" where grid:
            paths.append(Path(d: node.attributes["d"] ?? "", stroke: node.attributes["stroke"], width: node.attributes["stroke-width"]))
        default:
            break
        }
        for child in node.children { collect(child, inherited: attributes, inGrid: grid) }
    }

    private final class TreeBuilder: NSObject, XMLParserDelegate {
        var root: Node?
        var stack: [Node] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let node = Node(name: name, attributes: attributes)
            if let parent = stack.last { parent.children.append(node) } else { root = node }
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            stack.last?.text += string
        }
    }
}

struct SVGTreeError: Error, CustomStringConvertible {
    var description: String
}
