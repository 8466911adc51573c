/// Where a lexer records its tokens: the uninitialised storage of the array that becomes the
/// token list, so the tokens are written once and never copied.
///
/// A lexer appends a token for every one to three bytes of code; `Array.append` checks the
/// array's uniqueness and capacity out of line each time, which costs as much as lexing the
/// token. Here an append is a compare and a store, and no buffer is copied into an array at the end.
struct TokenBuffer {
    private let storage: UnsafeMutableBufferPointer<Token>
    private(set) var count = 0

    /// Storage for one token per byte of the file suffices: every token holds at least one byte
    /// and no two tokens share one.
    init(storage: UnsafeMutableBufferPointer<Token>) {
        self.storage = storage
    }

    @inline(__always)
    mutating func append(_ token: Token) {
        precondition(count < storage.count, "a lexer recorded more tokens than its file has bytes")
        (storage.baseAddress! + count).initialize(to: token)
        count += 1
    }
}
