/// A source file chosen for scanning.
package struct DiscoveredFile: Sendable, Hashable {
    /// The path to open: the file as reached from the scanned argument (a symlink stays a symlink).
    package var absolutePath: String
    /// The path shown in reports: relative to the scan root with `/` separators,
    /// or absolute when the file lies outside the root.
    package var displayPath: String
    /// The lexer the file is read with, from its extension.
    package var language: SourceLanguage
    /// Named on the command line rather than found in a directory: such files are scanned
    /// whatever their size, excludes and vendored location.
    package var isExplicit: Bool

    package init(absolutePath: String, displayPath: String, language: SourceLanguage, isExplicit: Bool) {
        self.absolutePath = absolutePath
        self.displayPath = displayPath
        self.language = language
        self.isExplicit = isExplicit
    }
}
