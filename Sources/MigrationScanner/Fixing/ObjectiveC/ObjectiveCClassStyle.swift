import Foundation

/// What the text added to a moved class takes from the class: its indentation (tabs stay tabs),
/// names that do not collide with its instance variables (so `-Wshadow-ivar` stays clean and no
/// added parameter hides an instance variable a moved body reads), and section marks that no
/// longer name NSURLConnection.
struct ObjectiveCClassStyle {
    let file: ScannedFile
    let plan: ConnectionMigrationPlan
    private var stream: TokenStream { file.stream }

    /// The names the added code declares as parameters or locals, which an instance variable of the
    /// same name would be shadowed by.
    static let addedNames = ["request", "queue", "configuration", "task", "firstRequest", "error", "session", "response",
                             "completionHandler", "thread", "modes", "checked", "delivery", "askedTask", "condition", "ran",
                             "performed", "tasks", "key"]

    init(file: ScannedFile, plan: ConnectionMigrationPlan) {
        self.file = file
        self.plan = plan
    }

    /// One level of the class's indentation: the leading blanks most of its methods' first body
    /// lines start with (a tab, or that many spaces), four spaces when none is on a line of its own.
    var indentUnit: String {
        let bytes = stream.bytes
        // By width, 0 for a tab: a string a method took as long as the rest of this walk.
        var counts: [Int: Int] = [:]
        for method in file.structure.methods(in: [plan.implementation]) {
            guard let body = method.body, !body.isEmpty else { continue }
            var start = Int(stream[body.lowerBound].start)
            while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
            let leading = bytes[start...].prefix { $0 == 0x20 || $0 == 0x09 }
            guard let first = leading.first, Int(stream[body.lowerBound - 1].end) < start else { continue }
            counts[first == 0x09 ? 0 : leading.count, default: 0] += 1
        }
        // The most frequent; the shorter on a tie (a tab before one space), so that the choice does not depend on hashing.
        let unit = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
        return unit.map { $0 == 0 ? "\t" : String(repeating: " ", count: $0) } ?? "    "
    }

    /// `text`, written with four spaces a level, in `unit`s: each line's leading groups of four
    /// spaces become units; lines indented deeper than four levels align with the line above
    /// them and keep their spaces.
    static func reindented(_ text: String, unit: String) -> String {
        guard unit != "    " else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let spaces = line.prefix { $0 == " " }.count
            guard spaces <= 16 else { return String(line) }
            return String(repeating: unit, count: spaces / 4) + String(repeating: " ", count: spaces % 4) + line.dropFirst(spaces)
        }.joined(separator: "\n")
    }

    /// The class's instance variables in this file: the names declared in its instance variable
    /// blocks, `_name` for each property, and the names `@synthesize` gives.
    var instanceVariables: Set<String> {
        var names: Set<String> = []
        for type in [plan.implementation] + plan.interfaces {
            // The ivar block: the `{ … }` right after the header.
            if stream.isPunctuation(type.body.lowerBound, "{"), let close = file.structure.partner(type.body.lowerBound) {
                for index in type.body.lowerBound..<close where stream.isIdentifier(index) { names.insert(stream.text(index)) }
            }
            var index = type.body.lowerBound
            while index < type.body.upperBound {
                if stream[index].kind == .directive, ["@property", "@synthesize"].contains(stream.text(index)) {
                    let isProperty = stream.text(index) == "@property"
                    var end = index + 1
                    while end < type.body.upperBound, !stream.isPunctuation(end, ";") { end += 1 }
                    if isProperty, stream.isIdentifier(end - 1) {
                        names.insert("_" + stream.text(end - 1))
                    } else if !isProperty {
                        for name in (index + 1)..<end where stream.isIdentifier(name) { names.insert(stream.text(name)) }
                    }
                    index = end
                }
                index += 1
            }
        }
        return names
    }

    /// `name`, or `name` with a prefix when the class has an instance variable of that name.
    static func unshadowed(_ name: String, avoiding taken: Set<String>) -> String {
        var candidate = name
        var prefix = "session"
        while taken.contains(candidate) {
            candidate = prefix + name.prefix(1).uppercased() + name.dropFirst()
            prefix = "added" + prefix.prefix(1).uppercased() + prefix.dropFirst()
        }
        return candidate
    }

    /// The added code `text` with each of `addedNames` the class has as an instance variable
    /// renamed, outside comments, member accesses and the selector pieces of declarations (a name
    /// followed by `:(`).
    static func renamingAddedNames(in text: String, avoiding taken: Set<String>) -> String {
        let renames = addedNames.filter { taken.contains($0) }
        guard !renames.isEmpty else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { return String(line) }
            var result = String(line)
            for name in renames {
                let pattern = "(?<![A-Za-z0-9_.])\(name)(?![A-Za-z0-9_]|:\\()"
                result = result.replacingOccurrences(of: pattern, with: unshadowed(name, avoiding: taken), options: .regularExpression)
            }
            return result
        }.joined(separator: "\n")
    }

    /// `#pragma mark` lines in the class naming NSURLConnection (its delegate protocols) → NSURLSession's.
    ///
    /// Only the lines holding `#pragma` are made text and judged: making every line of a class of
    /// tens of thousands of methods a string, and trimming it, took longer than lexing the file.
    /// Lines end as the text's do: at a line feed, except one after a carriage return (one
    /// character with it, so a CRLF class reads as one line, whose start alone can be a mark).
    func sectionMarkEdits() -> [SourceEdit] {
        let bytes = stream.bytes
        let start = Int(stream[plan.implementation.body.lowerBound].start)
        let end = Int(stream[min(plan.implementation.body.upperBound, stream.count - 1)].start)
        func endsLine(_ offset: Int) -> Bool {
            bytes[offset] == 0x0A && (offset == start || bytes[offset - 1] != 0x0D)
        }
        var edits: [SourceEdit] = []
        var offset = start
        while let pragma = Self.firstPragma(in: bytes, from: offset, to: end) {
            var lineStart = pragma
            while lineStart > start && !endsLine(lineStart - 1) { lineStart -= 1 }
            var lineEnd = pragma
            while lineEnd < end && !endsLine(lineEnd) { lineEnd += 1 }
            let line = SourceText.string(bytes[lineStart..<lineEnd])
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#pragma"), trimmed.contains("mark"), line.contains("NSURLConnection") {
                edits.append(SourceEdit(range: lineStart..<lineEnd,
                                        replacement: line.replacingOccurrences(of: "NSURLConnection", with: "NSURLSession")))
            }
            offset = lineEnd + 1
        }
        return edits
    }

    /// The offset of the first `#pragma` in `bytes[from..<to]`.
    private static func firstPragma(in bytes: [UInt8], from: Int, to end: Int) -> Int? {
        let pragma: [UInt8] = Array("#pragma".utf8)
        let hash = pragma[0]
        return bytes.withUnsafeBufferPointer { whole in
            let buffer = UnsafeBufferPointer(rebasing: whole[..<end])
            var offset = ByteSearch.firstIndex(of: hash, hash, hash, hash, in: buffer, from: from)
            while offset + pragma.count <= end {
                if buffer[offset..<(offset + pragma.count)].elementsEqual(pragma) { return offset }
                offset = ByteSearch.firstIndex(of: hash, hash, hash, hash, in: buffer, from: offset + 1)
            }
            return nil
        }
    }
}
