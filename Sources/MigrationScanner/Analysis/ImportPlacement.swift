/// Where the fix's imports go in a Swift file: after the last import, outside any `#if` that
/// import sits in (`#if canImport(FoundationNetworking) … #endif`), each on a line of its own
/// that ends like the line before it (LF, CRLF or CR), and never before a byte order mark.
struct ImportPlacement {
    package let stream: TokenStream

    static let shimModule = "URLConnectionShim"
    /// The lines that make URLRequest and its kin available on Linux and change nothing elsewhere.
    static let foundationNetworkingLines = [
        "#if canImport(FoundationNetworking)", "import FoundationNetworking", "#endif",
    ]

    /// The modules the file imports, by name (`import struct Foundation.Data` counts as Foundation).
    var importedModules: Set<String> {
        Set(imports().map(\.module))
    }

    /// The modules the file imports outside every `#if`: those it needs on every platform it is built for.
    var unconditionallyImportedModules: Set<String> {
        Set(imports().filter { !$0.isConditional }.map(\.module))
    }

    /// Each import's module, and whether the import sits inside an `#if`.
    private func imports() -> [(module: String, isConditional: Bool)] {
        var imports: [(module: String, isConditional: Bool)] = []
        var conditionalDepth = 0
        for index in 0..<stream.count {
            if stream[index].kind == .directive {
                switch stream.text(index) {
                case "#if": conditionalDepth += 1
                case "#endif": conditionalDepth = max(0, conditionalDepth - 1)
                default: break
                }
                continue
            }
            guard stream[index].word == .import && stream[index].kind == .keyword else { continue }
            // One keyword at most, the import kind (`struct`, `class`, `func`…): skipping every
            // keyword read a line of thousands of `import`s to its end once per `import`: quadratic.
            var name = index + 1
            if name < stream.count && stream[name].kind == .keyword && stream[name].word != .import { name += 1 }
            if name < stream.count && stream[name].kind != .keyword { imports.append((stream.text(name), conditionalDepth > 0)) }
        }
        return imports
    }

    /// The insertion of `import URLConnectionShim` (when `shim` and missing) and the
    /// FoundationNetworking block (when `foundationNetworking` and missing), or nil when nothing is missing.
    /// `foundationNetworking` is asked only when the block is missing: it may lex the fixed file.
    func edit(shim: Bool, foundationNetworking: @autoclosure () -> Bool) -> SourceEdit? {
        let imported = importedModules
        var lines: [String] = []
        if !imported.contains("FoundationNetworking") && foundationNetworking() { lines += Self.foundationNetworkingLines }
        if shim && !imported.contains(Self.shimModule) { lines.append("import \(Self.shimModule)") }
        guard !lines.isEmpty, stream.count > 0 else { return nil }
        let breaks = LineBreaks(bytes: stream.bytes)
        guard let anchor = anchor() else {
            let start = breaks.lineStart(containing: Int(stream[0].start))
            let lineBreak = breaks.lineEnd(containing: start).lineBreak
            let text = lineBreak.isEmpty ? breaks.first : lineBreak
            return SourceEdit(range: start..<start, replacement: (lines + [""]).map { $0 + text }.joined())
        }
        let (next, lineBreak) = breaks.lineEnd(containing: Int(stream[anchor].end))
        guard lineBreak.isEmpty else {
            return SourceEdit(range: next..<next, replacement: lines.map { $0 + lineBreak }.joined())
        }
        // The anchor line is the file's last and has no break: end it with the file's own.
        let text = breaks.first
        return SourceEdit(range: next..<next, replacement: text + lines.map { $0 + text }.joined())
    }

    /// The token whose line the imports follow: the last import, or the `#endif` closing the `#if` it is in.
    private func anchor() -> Int? {
        var lastImport: Int?
        var conditionalDepth = 0
        var depthAtLastImport = 0
        for index in 0..<stream.count {
            let token = stream[index]
            if token.kind == .directive {
                switch stream.text(index) {
                case "#if": conditionalDepth += 1
                case "#endif": conditionalDepth -= 1
                default: break
                }
            } else if token.word == .import && token.kind == .keyword {
                lastImport = index
                depthAtLastImport = conditionalDepth
            }
        }
        guard let lastImport, depthAtLastImport > 0 else { return lastImport }
        // Leave the `#if` the import is in, so the new imports apply on every platform.
        var depth = depthAtLastImport
        for index in (lastImport + 1)..<stream.count where stream[index].kind == .directive {
            let text = stream.text(index)
            if text == "#if" { depth += 1 }
            if text == "#endif" {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return lastImport
    }
}
