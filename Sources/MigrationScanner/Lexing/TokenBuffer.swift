/// The tokens a lexer has recorded so far, in memory it owns until `finish()`.
///
/// A lexer appends a token for every one to three bytes of code; `Array.append` checks the
/// array's uniqueness and capacity out of line each time, which callgrind showed costing as
/// much as lexing the token. Here an append is a compare and a store; the array is built once.
struct TokenBuffer {
    private var base: UnsafeMutablePointer<Token>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always)
    mutating func append(_ token: Token) {
        if count == capacity { grow() }
        (base + count).initialize(to: token)
        count += 1
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Token>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// The tokens as an array; frees the buffer, which must not be used afterwards.
    mutating func finish() -> [Token] {
        let tokens = Array(UnsafeBufferPointer(start: base, count: count))
        base.deinitialize(count: count)
        base.deallocate()
        count = 0
        capacity = 0
        return tokens
    }
}
