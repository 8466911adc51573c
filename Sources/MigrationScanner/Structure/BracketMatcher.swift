/// Pairs `(`/`)`, `[`/`]` and `{`/`}` tokens.
///
/// Unbalanced input (a brace in one `#if` branch, a truncated file) must not throw the
/// rest of the file off: a closer that does not match the innermost opener closes the
/// nearest matching opener within a few levels, abandoning the openers above it, and
/// `@end` abandons everything still open.
enum BracketMatcher {
    /// How far down the stack a mismatched closer looks; bounds the work per token.
    private static let recoveryDepth = 8

    /// For every token, the index of its partner bracket, or -1.
    static func partners(in stream: TokenStream) -> [Int32] {
        var partners = [Int32](repeating: -1, count: stream.count)
        var openers: [(index: Int32, closer: UInt8)] = []
        // Over the arrays' storage: this visits every token of every file, and the arrays'
        // uniqueness and range checks cost as much as the matching.
        partners.withUnsafeMutableBufferPointer { partners in
            stream.tokens.withUnsafeBufferPointer { tokens in
                for index in 0..<tokens.count {
                    let token = tokens[index]
                    if token.kind == .directive, let word = token.word, word == .end || word == .implementation || word == .interface {
                        // No bracket spans an Objective-C container boundary: whatever is open was never closed.
                        openers.removeAll(keepingCapacity: true)
                        continue
                    }
                    guard token.kind == .punctuation else { continue }
                    let byte = token.firstByte
                    switch byte {
                    case UInt8(ascii: "("): openers.append((Int32(index), UInt8(ascii: ")")))
                    case UInt8(ascii: "["): openers.append((Int32(index), UInt8(ascii: "]")))
                    case UInt8(ascii: "{"): openers.append((Int32(index), UInt8(ascii: "}")))
                    case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                        var depth = openers.count - 1
                        let lowest = max(0, openers.count - recoveryDepth)
                        while depth >= lowest && openers[depth].closer != byte { depth -= 1 }
                        guard depth >= lowest else { continue }
                        let opener = openers[depth]
                        // One at a time: `removeSubrange(depth...)` and `removeLast(_:)` take a generic
                        // path that was a fifth of the matching, for what is nearly always one opener.
                        while openers.count > depth { openers.removeLast() }
                        partners[Int(opener.index)] = Int32(index)
                        partners[index] = opener.index
                    default:
                        continue
                    }
                }
            }
        }
        return partners
    }
}
