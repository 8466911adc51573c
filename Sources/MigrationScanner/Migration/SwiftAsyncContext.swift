/// Whether a Swift token lies where `await` may be written: in the body of an `async` function,
/// inside no closure (a closure there need not be async). A brace counts as a closure's unless
/// its line, before it, names a statement that takes a block (`if`, `guard`, `do`, `else`, …), so
/// a doubtful brace keeps the call out of the async rewrite.
struct SwiftAsyncContext {
    let file: ScannedFile
    private var stream: TokenStream { file.stream }

    private static let blockStatements: Set<String> = ["if", "guard", "else", "do", "catch", "for", "while", "repeat", "switch", "defer"]

    init(file: ScannedFile) {
        self.file = file
    }

    func contains(_ token: Int) -> Bool {
        guard let method = file.structure.enclosingMethod(of: token), let body = method.body, isAsync(method) else { return false }
        var index = token - 1
        while index >= body.lowerBound {
            if stream.isPunctuation(index, "}") || stream.isPunctuation(index, ")") || stream.isPunctuation(index, "]"),
               let open = file.structure.partner(index), open < index {
                index = open - 1
                continue
            }
            if stream.isPunctuation(index, "{") && !opensStatementBlock(index) { return false }
            index -= 1
        }
        return true
    }

    /// `async` between the parameter list and the return type or body (not in a parameter's type).
    private func isAsync(_ method: MethodSpan) -> Bool {
        guard let body = method.body, let open = (method.name..<body.lowerBound).first(where: { stream.isPunctuation($0, "(") }),
              let close = file.structure.partner(open) else { return false }
        for index in (close + 1)..<(body.lowerBound - 1) {
            if stream.text(index) == "async" { return true }
            if stream.isPunctuation(index, "-") && stream.isPunctuation(index + 1, ">") { return false }
        }
        return false
    }

    /// Whether the statement on the line of the brace at `index` takes a block, such as `if x {`.
    private func opensStatementBlock(_ index: Int) -> Bool {
        var previous = index - 1
        while previous >= 0 {
            if let open = file.structure.partner(previous), open < previous {
                previous = open
            }
            if Self.blockStatements.contains(stream.text(previous)) && !stream.isPunctuation(previous + 1, ":") { return true }
            if startsLine(previous) || stream.isPunctuation(previous, "{") || stream.isPunctuation(previous, "}")
                || stream.isPunctuation(previous, ";") { return false }
            previous -= 1
        }
        return false
    }

    private func startsLine(_ index: Int) -> Bool {
        var offset = Int(stream[index].start)
        while offset > 0 && (stream.bytes[offset - 1] == 0x20 || stream.bytes[offset - 1] == 0x09) { offset -= 1 }
        return offset == 0 || stream.bytes[offset - 1] == 0x0A
    }
}
