/// What one `NSURLConnection` token does, so each use is reported by exactly one rule.
enum ConnectionUse: Equatable {
    /// `[NSURLConnection alloc]`, `[NSURLConnection connectionWithRequest:…]`, `NSURLConnection(request:…)`.
    case creation
    /// The receiver of `sendSynchronousRequest`; the associated token is the selector's.
    case synchronousRequest(Int)
    /// The receiver of `sendAsynchronousRequest`; the associated token is the selector's.
    case asynchronousRequest(Int)
    /// Any other mention: a type, a cast, `canHandleRequest:`, `NSURLConnection.self`.
    case reference

    /// How the `NSURLConnection` token at `index` is used.
    static func classify(_ index: Int, in stream: TokenStream) -> ConnectionUse {
        switch stream.language {
        case .objectiveC:
            guard stream.isPunctuation(index - 1, "[") else { return .reference }
            switch stream.word(index + 1) {
            case .alloc, .new, .connectionWithRequest: return .creation
            case .sendSynchronousRequest: return .synchronousRequest(index + 1)
            case .sendAsynchronousRequest: return .asynchronousRequest(index + 1)
            default: return .reference
            }
        case .swift:
            if stream.isPunctuation(index + 1, "(") { return .creation }
            guard stream.isPunctuation(index + 1, ".") else { return .reference }
            switch stream.word(index + 2) {
            case .`init`: return stream.isPunctuation(index + 3, "(") ? .creation : .reference
            case .sendSynchronousRequest: return .synchronousRequest(index + 2)
            case .sendAsynchronousRequest: return .asynchronousRequest(index + 2)
            case .connectionWithRequest: return .creation
            default: return .reference
            }
        }
    }

    /// The `NSURLConnection` receiver of the class method named by the token at `selector`
    /// (`[NSURLConnection selector…]` or `NSURLConnection.selector(`), or nil.
    static func receiver(ofSelector selector: Int, in stream: TokenStream) -> Int? {
        switch stream.language {
        case .objectiveC:
            guard stream.isWord(selector - 1, .NSURLConnection), stream.isPunctuation(selector - 2, "[") else { return nil }
            return selector - 1
        case .swift:
            guard stream.isPunctuation(selector - 1, "."), stream.isWord(selector - 2, .NSURLConnection) else { return nil }
            return selector - 2
        }
    }
}
