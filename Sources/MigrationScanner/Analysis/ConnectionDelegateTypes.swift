/// Which types of a file are NSURLConnection delegates, so a method is taken for a delegate
/// method only in one: a type that adopts an NSURLConnection delegate protocol, passes `self` as
/// a `delegate:`, or subclasses NSURLConnection (or a method that calls its superclass's version). A category of helpers that merely take an
/// `NSURLConnection *` (PonyDebugger's `NSURLConnectionHelpers`) is none of these.
struct ConnectionDelegateTypes {
    private static let delegateProtocols = WordSet([
        .NSURLConnectionDelegate, .NSURLConnectionDataDelegate, .NSURLConnectionDownloadDelegate,
    ])

    /// Names of the types in this file that subclass NSURLConnection: a delegate method may take
    /// one of them as its connection.
    let connectionSubclasses: Set<String>
    /// Names of the types whose spans in this file make them delegates.
    private let delegateTypes: Set<String>

    init(_ file: ScannedFile) {
        let stream = file.stream
        var subclasses: Set<String> = []
        var delegates: Set<String> = []
        let selfAsDelegate = Self.selfPassedAsDelegate(in: file)
        for type in file.structure.types {
            let name = stream.text(type.name)
            let superclass = type.likelySuperclass
            if superclass.map({ stream.isWord($0, .NSURLConnection) }) == true {
                subclasses.insert(name)
                delegates.insert(name)
            }
            if type.inherited.contains(where: { stream.word($0).map(Self.delegateProtocols.contains) == true })
                || selfAsDelegate.containsElement(in: type.body) {
                delegates.insert(name)
            }
        }
        connectionSubclasses = subclasses
        delegateTypes = delegates
    }

    /// The `delegate` tokens of `delegate:self` / `delegate: self`, in file order: found once a
    /// file, where reading every type's body for them read nested bodies again.
    static func selfPassedAsDelegate(in file: ScannedFile) -> [Int] {
        let stream = file.stream
        return file.occurrences(of: .delegate).filter { stream.isPunctuation($0 + 1, ":") && stream.isWord($0 + 2, .self) }
    }

    /// True when the method is declared in a delegate type.
    func isInDelegateType(_ method: MethodSpan, _ file: ScannedFile) -> Bool {
        guard let type = file.structure.enclosingType(of: method.name) else { return false }
        return delegateTypes.contains(file.stream.text(type.name))
    }

    /// The delegate methods of `file` with their Objective-C selectors (`methods(in:)` of the
    /// file's delegate types), made once a file for every rule that asks.
    static func delegateMethods(in file: ScannedFile) -> [(method: MethodSpan, selector: String)] {
        file.shared.connectionDelegateMethods { ConnectionDelegateTypes(file).methods(in: file) }
    }

    /// The delegate methods of the file with their Objective-C selectors: methods of delegate types
    /// whose first parameter is an NSURLConnection or a subclass of it declared here.
    func methods(in file: ScannedFile) -> [(method: MethodSpan, selector: String)] {
        // Read only when some delegate method lies outside a delegate type.
        var superCalls: [String: [Int]]?
        return file.structure.methods.compactMap { method in
            guard let selector = ConnectionDelegateMethod.selector(of: method, in: file.stream, connectionSubclasses: connectionSubclasses)
            else { return nil }
            if isInDelegateType(method, file) { return (method, selector) }
            let calls = superCalls ?? Self.superCallsByName(in: file)
            superCalls = calls
            return callsSuper(method, calls, file.stream) ? (method, selector) : nil
        }
    }

    /// The method overrides its superclass's delegate method: `[super connection:…]`,
    /// `super.connection(…)` (RestKit's RKHTTPRequestOperation over AFNetworking's operation).
    private func callsSuper(_ method: MethodSpan, _ superCalls: [String: [Int]], _ stream: TokenStream) -> Bool {
        guard let body = method.body, let calls = superCalls[stream.text(method.name)] else { return false }
        let first = calls.firstIndex(notBelow: body.lowerBound)
        return first < calls.count && calls[first] < body.upperBound
    }

    /// The file's `super` tokens by the name they call, in file order: found once, where reading
    /// every method's body made methods nested in one another (a half-edited file) quadratic.
    private static func superCallsByName(in file: ScannedFile) -> [String: [Int]] {
        let stream = file.stream
        var calls: [String: [Int]] = [:]
        guard stream.presentWords.contains(.super) else { return calls }
        // `super` is a keyword, which `ScannedFile.occurrences(of:)` does not list.
        for index in stream.tokens.indices where stream.isWord(index, .super) {
            let name = stream.isPunctuation(index + 1, ".") ? index + 2 : index + 1
            calls[stream.text(name), default: []].append(index)
        }
        return calls
    }
}
