/// What `SourceScanner` found in one file, and where the file's lines start when its lexer already
/// knew, so the command's line table (`SourceLineTable`) need not search the bytes again.
package struct ScannedSource: Sendable, Equatable {
    /// The findings, as `SourceScanner.scan(_:language:path:)` returns them.
    package var findings: [Finding]
    /// `TokenStream.lineFeedLineStarts` of the lexed file; nil when the file was not lexed or its lexer's
    /// lines are not its lines by line feeds.
    package var lineStarts: [Int32]?

    package init(findings: [Finding], lineStarts: [Int32]? = nil) {
        self.findings = findings
        self.lineStarts = lineStarts
    }
}
