import Foundation

/// Reads the package's documentation, for tests that check it against the code.
enum CIRecipeDocumentation {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func url(_ relative: String) -> URL { packageRoot.appendingPathComponent(relative) }

    /// The bodies of the fenced blocks tagged `language`.
    static func codeBlocks(in markdown: String, language: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```" + language {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }
}
