/// A path pattern for `--exclude`: `*` matches within one path component, `?` one character
/// of a component, and a component that is exactly `**` matches any number of components.
///
/// A pattern without `/` is matched against the last component, so `Generated` or `*.pb.swift`
/// leave out such a directory or file anywhere; a pattern with `/` is matched against the whole
/// path relative to the scan root (`Sources/**/Legacy`), as `.gitignore` does.
package struct GlobPattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    /// The pattern as written.
    package let description: String
    private let components: [[Character]]
    private let isAnchored: Bool

    package init(_ pattern: String) {
        description = pattern
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        while text.hasSuffix("/") && text.count > 1 { text = text.dropLast() }
        if text.hasPrefix("/") { text = text.dropFirst() }
        isAnchored = text.contains("/")
        components = text.split(separator: "/", omittingEmptySubsequences: true).map { Array($0) }
    }

    /// Whether `path` (relative, `/`-separated) matches.
    func matches(_ path: String) -> Bool {
        let pathComponents = path.split(separator: "/").map { Array($0) }
        guard !pathComponents.isEmpty, !components.isEmpty else { return false }
        if isAnchored {
            return Self.match(components[...], pathComponents[...])
        }
        return Self.matchComponent(components[0][...], pathComponents[pathComponents.count - 1][...])
    }

    private static func match(_ pattern: ArraySlice<[Character]>, _ path: ArraySlice<[Character]>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == ["*", "*"] {
            let rest = pattern.dropFirst()
            var remaining = path
            while true {
                if match(rest, remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let first = path.first, matchComponent(head[...], first[...]) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// `*` and `?` within one component, by backtracking to the last `*`.
    private static func matchComponent(_ pattern: ArraySlice<Character>, _ name: ArraySlice<Character>) -> Bool {
        var p = pattern.startIndex
        var n = name.startIndex
        var starPattern: Int?
        var starName = n
        while n < name.endIndex {
            if p < pattern.endIndex && (pattern[p] == "?" || pattern[p] == name[n]) {
                p += 1
                n += 1
            } else if p < pattern.endIndex && pattern[p] == "*" {
                starPattern = p
                starName = n
                p += 1
            } else if let star = starPattern {
                p = star + 1
                starName += 1
                n = starName
            } else {
                return false
            }
        }
        while p < pattern.endIndex && pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }
}
