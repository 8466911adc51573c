/// A method or function declaration: its name, parameters and body.
struct MethodSpan: Sendable {
    /// One parameter: its label (selector piece or Swift argument label), its name inside
    /// the body, and its type's tokens.
    struct Parameter: Sendable {
        /// Selector piece or Swift argument label; nil for `_` and anonymous ObjC pieces.
        var label: Int?
        var name: Int?
        var type: Range<Int>
    }

    /// First token of the declaration: `-`/`+`, an attribute, a modifier or `func`.
    var declarationStart: Int
    /// ObjC: the first selector piece; Swift: the base name (or `init`); C: the function name.
    var name: Int
    var parameters: [Parameter]
    /// Token range inside the braces; nil for declarations without a body.
    var body: Range<Int>?
    /// `@IBAction` in Swift, an `IBAction` return type in Objective-C.
    var isInterfaceBuilderAction: Bool
    /// A C function in an Objective-C file rather than a method.
    var isFunction: Bool

    /// `connection:didReceiveResponse:` (ObjC), `connection(_:didReceive:)` (Swift), `name` (C).
    func selector(in stream: TokenStream) -> String {
        if isFunction { return stream.text(name) }
        if stream.language == .objectiveC {
            if parameters.isEmpty { return stream.text(name) }
            return parameters.map { ($0.label.map { stream.text($0) } ?? "") + ":" }.joined()
        }
        let labels = parameters.map { ($0.label.map { stream.text($0) } ?? "_") + ":" }.joined()
        var baseName = stream.text(name)
        // An operator's name is several adjacent punctuation tokens.
        var next = name + 1
        while stream[name].kind == .punctuation && next < stream.count && stream[next].kind == .punctuation
                && stream[next].start == stream[next - 1].end && !stream.isPunctuation(next, "(") {
            baseName += stream.text(next)
            next += 1
        }
        return baseName + "(" + labels + ")"
    }

    /// The label words of the parameters, in order (nil for `_` or unknown names).
    func labelWords(in stream: TokenStream) -> [Word?] {
        parameters.map { $0.label.flatMap { stream.word($0) } }
    }

    /// True when any token of the parameter's type is `word`.
    func parameter(_ index: Int, hasType word: Word, in stream: TokenStream) -> Bool {
        guard index < parameters.count else { return false }
        return parameters[index].type.contains { stream.word($0) == word }
    }

    func contains(_ token: Int) -> Bool {
        body?.contains(token) ?? false
    }
}
