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
        var openers = OpenerStack()
        // Over the arrays' storage: this visits every token of every file, and the arrays'
        // uniqueness and range checks cost as much as the matching.
        partners.withUnsafeMutableBufferPointer { partners in
            stream.tokens.withUnsafeBufferPointer { tokens in
                for index in 0..<tokens.count {
                    let token = tokens[index]
                    if token.kind == .directive, let word = token.word, word == .end || word == .implementation || word == .interface {
                        // No bracket spans an Objective-C container boundary: whatever is open was never closed.
                        openers.truncate(to: 0)
                        continue
                    }
                    guard token.kind == .punctuation else { continue }
                    let byte = token.firstByte
                    switch byte {
                    case UInt8(ascii: "("): openers.push(Opener(index: Int32(index), closer: UInt8(ascii: ")")))
                    case UInt8(ascii: "["): openers.push(Opener(index: Int32(index), closer: UInt8(ascii: "]")))
                    case UInt8(ascii: "{"): openers.push(Opener(index: Int32(index), closer: UInt8(ascii: "}")))
                    case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                        var depth = openers.count - 1
                        let lowest = max(0, openers.count - recoveryDepth)
                        while depth >= lowest && openers[depth].closer != byte { depth -= 1 }
                        guard depth >= lowest else { continue }
                        let opener = openers[depth]
                        openers.truncate(to: depth)
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

    /// An open bracket and the byte that closes it.
    private struct Opener {
        var index: Int32
        var closer: UInt8
    }

    /// The brackets still open, innermost last, in storage of its own: an `Array` would check its
    /// uniqueness and capacity on each push and pop, a large share of the matching's work.
    private struct OpenerStack: ~Copyable {
        private var storage: UnsafeMutablePointer<Opener>
        private var capacity = 64
        private(set) var count = 0

        init() {
            storage = .allocate(capacity: capacity)
        }

        deinit {
            storage.deallocate()
        }

        @inline(__always)
        subscript(position: Int) -> Opener { storage[position] }

        @inline(__always)
        mutating func push(_ opener: Opener) {
            if count == capacity {
                let grown = UnsafeMutablePointer<Opener>.allocate(capacity: 2 * capacity)
                grown.moveInitialize(from: storage, count: count)
                storage.deallocate()
                storage = grown
                capacity *= 2
            }
            (storage + count).initialize(to: opener)
            count += 1
        }

        /// Closes every opener from `depth` up (`Opener` is trivial: nothing to deinitialize).
        @inline(__always)
        mutating func truncate(to depth: Int) {
            count = depth
        }
    }
}
