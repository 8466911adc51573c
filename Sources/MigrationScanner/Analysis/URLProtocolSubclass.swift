/// An NSURLProtocol / URLProtocol subclass in one file: every span that declares or
/// extends it, and its methods.
struct URLProtocolSubclass {
    var spans: [TypeSpan]
    var methods: [MethodSpan]

    private static let canInitNames = WordSet([.canInitWithRequest, .canInit])

    /// The subclasses in `file`: types inheriting from `NSURLProtocol`/`URLProtocol` here, or
    /// implementing `canInitWithRequest:`/`canInit(with:)`, or an Objective-C
    /// `@implementation` of `startLoading` whose superclass is declared elsewhere (in a header).
    static func all(in file: ScannedFile) -> [URLProtocolSubclass] {
        file.shared.urlProtocolSubclasses { find(in: file) }
    }

    private static func find(in file: ScannedFile) -> [URLProtocolSubclass] {
        let stream = file.stream
        // Without these names no type can implement them: only inheritance can make a subclass,
        // and the methods of the other types need not be gathered.
        let mayImplementProtocolMethods = stream.presentWords.intersects(canInitNames) || stream.presentWords.contains(.startLoading)
        var subclasses: [URLProtocolSubclass] = []
        for (_, spans) in file.typeSpansByName() {
            let inherits = spans.contains { span in
                let superclass = span.likelySuperclass
                return superclass.map { stream.isWord($0, .NSURLProtocol) || stream.isWord($0, .URLProtocol) } ?? false
            }
            guard inherits || mayImplementProtocolMethods else { continue }
            let methods = file.structure.methods(in: spans)
            let implementsCanInit = methods.contains { method in
                !method.isFunction && stream.word(method.name).map { canInitNames.contains($0) } == true
            }
            let superclassUnknown = stream.language == .objectiveC && spans.allSatisfy { $0.superclass == nil }
            let implementsStartLoading = methods.contains { !$0.isFunction && stream.isWord($0.name, .startLoading) }
            if inherits || implementsCanInit || (superclassUnknown && implementsStartLoading) {
                subclasses.append(URLProtocolSubclass(spans: spans, methods: methods))
            }
        }
        return subclasses
    }

    /// The methods whose base name or first selector piece is `word`.
    func methods(named word: Word, in stream: TokenStream) -> [MethodSpan] {
        methods.filter { !$0.isFunction && stream.isWord($0.name, word) }
    }

    func contains(_ token: Int) -> Bool {
        spans.contains { $0.body.contains(token) }
    }
}
