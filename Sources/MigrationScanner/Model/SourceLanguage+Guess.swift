import Foundation

extension SourceLanguage {
    /// Lines only Objective-C (or C) writes: an include, an `@` directive, a message send `[x y:` or `[x y]`.
    private static let objectiveCLine = try! NSRegularExpression(
        pattern: #"^\s*(#\s*(import|include)\b|@(interface|implementation|protocol|end|class|property|synthesize)\b)"#
            + #"|\[[A-Za-z_][A-Za-z0-9_]*\s+[A-Za-z_][A-Za-z0-9_]*\s*[:\]]"#,
        options: [.anchorsMatchLines])
    /// Lines only Swift writes: a declaration keyword at the start, or an `import` without `#`.
    private static let swiftLine = try! NSRegularExpression(
        pattern: #"^\s*((public|private|internal|fileprivate|final|open|override|static|@\w+)\s+)*(func|let|var|import|guard|struct|extension|protocol)\s"#,
        options: [.anchorsMatchLines])

    /// The language of source that came without a file name (standard input without `--stdin-path`),
    /// guessed from its lines as clang-format guesses a header's: Objective-C when more lines look
    /// like Objective-C only than like Swift only, else Swift.
    static func guessed(from bytes: [UInt8]) -> SourceLanguage {
        let text = String(decoding: bytes, as: UTF8.self)
        let range = NSRange(text.startIndex..., in: text)
        let objectiveC = objectiveCLine.numberOfMatches(in: text, range: range)
        let swift = swiftLine.numberOfMatches(in: text, range: range)
        return objectiveC > swift ? .objectiveC : .swift
    }
}
