/// A method or function declaration: its name, parameters and body.
struct MethodSpan: Sendable {
    /// One parameter: its label (selector piece or Swift argument label), its name inside
    /// the body, and its type's tokens.
    struct Parameter: Sendable {
        /// Selector piece or Swift argument label; nil for `_` and anonymous ObjC pieces.
        var label: Int?
        package var name: Int?
        var type: Range<Int>
    }

    /// A method's parameters, in order: a stretch of one array shared by every method of the file,
    /// so a method allocates nothing of its own (a file of thousands of functions made thousands of
    /// small arrays, each grown, retained with every copy of its method, and freed).
    struct Parameters: RandomAccessCollection, Sendable {
        /// Every parameter of the file's methods; empty while its parser still collects them.
        private let storage: [Parameter]
        /// Where this method's parameters lie in `storage`.
        let range: Range<Int>

        /// The parameters at `range` of `storage`; a parser leaves `storage` empty until it has
        /// parsed every method (`MethodSpan.sharingParameters(_:)`).
        init(at range: Range<Int>, of storage: [Parameter] = []) {
            self.storage = storage
            self.range = range
        }

        var startIndex: Int { 0 }
        var endIndex: Int { range.count }
        subscript(position: Int) -> Parameter { storage[range.lowerBound + position] }
    }

    /// First token of the declaration: `-`/`+`, an attribute, a modifier or `func`.
    var declarationStart: Int
    /// ObjC: the first selector piece; Swift: the base name (or `init`); C: the function name.
    package var name: Int
    var parameters: Parameters
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

    /// True when any token of the parameter's type is `word`.
    func parameter(_ index: Int, hasType word: Word, in stream: TokenStream) -> Bool {
        guard index < parameters.count else { return false }
        return parameters[index].type.contains { stream.word($0) == word }
    }

    /// This span reading its parameters from `storage`, its parser's array of every parameter.
    func sharingParameters(_ storage: [Parameter]) -> MethodSpan {
        var span = self
        span.parameters = Parameters(at: parameters.range, of: storage)
        return span
    }

    func contains(_ token: Int) -> Bool {
        body?.contains(token) ?? false
    }
}
