/// Where `import URLConnectionShim` goes in a Swift file: after the last import, outside any
/// `#if` that import sits in (`#if canImport(FoundationNetworking) … #endif`), on a line of its own.
struct ShimImportPlacement {
    let stream: TokenStream

    static let moduleName = "URLConnectionShim"

    /// The insertion, or nil when the file already imports the shim.
    func edit() -> SourceEdit? {
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
                if stream.text(index + 1) == Self.moduleName { return nil }
                // `import struct Foundation.Data`, `import Foundation.NSURL`: the statement ends at the line's end.
                lastImport = index
                depthAtLastImport = conditionalDepth
            }
        }
        guard let lastImport else {
            guard stream.count > 0 else { return nil }
            let start = lineStart(containing: Int(stream[0].start))
            return SourceEdit(range: start..<start, replacement: "import \(Self.moduleName)\n\n")
        }
        var anchor = lastImport
        if depthAtLastImport > 0 {
            // Leave the `#if` the import is in, so the shim is imported on every platform.
            var depth = depthAtLastImport
            var index = lastImport + 1
            while index < stream.count {
                if stream[index].kind == .directive {
                    let text = stream.text(index)
                    if text == "#if" { depth += 1 }
                    if text == "#endif" {
                        depth -= 1
                        if depth == 0 {
                            anchor = index
                            break
                        }
                    }
                }
                index += 1
            }
        }
        let end = lineEnd(after: Int(stream[anchor].end))
        if end < stream.bytes.count || stream.bytes.last == UInt8(ascii: "\n") {
            return SourceEdit(range: end..<end, replacement: "import \(Self.moduleName)\n")
        }
        return SourceEdit(range: end..<end, replacement: "\nimport \(Self.moduleName)\n")
    }

    private func lineStart(containing offset: Int) -> Int {
        var start = offset
        while start > 0 && stream.bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return start
    }

    /// The offset just past the newline that ends the line holding `offset` (the file's end when none).
    private func lineEnd(after offset: Int) -> Int {
        var end = offset
        while end < stream.bytes.count && stream.bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return min(end + 1, stream.bytes.count)
    }
}
