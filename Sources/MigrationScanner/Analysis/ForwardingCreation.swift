/// Where a URL protocol's `startLoading` creates the connection it forwards the request with:
/// `NSURLConnection(…)` or the shim's `URLConnection(…)` (`[NSURLConnection alloc]…` in
/// Objective-C), or a call to a function of the same file that creates one — such as the
/// `forwardingConnection(request:delegate:)` that `--fix` writes — so a file forwards with
/// whatever name it uses, before and after migration.
struct ForwardingCreation {
    let file: ScannedFile
    /// Names of the file's Swift functions whose bodies create a connection.
    private let creatingFunctions: Set<String>

    /// Finds the file's creating functions once: a rule asks about every `startLoading` it finds.
    init(file: ScannedFile) {
        self.file = file
        creatingFunctions = Self.creatingFunctions(in: file)
    }

    /// The tokens in `body` that create a forwarding connection: the type name, or the called function's name.
    func sites(in body: Range<Int>) -> [Int] {
        let stream = file.stream
        return body.filter { index in
            if isConnectionCreation(index) { return true }
            return stream.language == .swift && stream.isIdentifier(index) && stream.isPunctuation(index + 1, "(")
                && (!stream.isPunctuation(index - 1, ".") || stream.isWord(index - 2, .self))
                && creatingFunctions.contains(stream.text(index))
        }
    }

    /// `NSURLConnection` or `URLConnection` at `index`, creating a connection.
    func isConnectionCreation(_ index: Int) -> Bool {
        Self.isConnectionCreation(index, in: file.stream)
    }

    private static func isConnectionCreation(_ index: Int, in stream: TokenStream) -> Bool {
        (stream.isWord(index, .NSURLConnection) || stream.isWord(index, .URLConnection))
            && ConnectionUse.classify(index, in: stream) == .creation
    }

    /// The file's creations are found in one pass, and each body is asked whether it holds one by
    /// a binary search: methods nested in one another (a half-edited file) made reading every
    /// body quadratic in the file, and once per `startLoading` cubic.
    private static func creatingFunctions(in file: ScannedFile) -> Set<String> {
        guard file.language == .swift else { return [] }
        let creations = file.stream.tokens.indices.filter { isConnectionCreation($0, in: file.stream) }
        guard !creations.isEmpty else { return [] }
        var names: Set<String> = []
        for method in file.structure.methods {
            guard let body = method.body else { continue }
            let first = creations.firstIndex(notBelow: body.lowerBound)
            if first < creations.count && creations[first] < body.upperBound { names.insert(file.stream.text(method.name)) }
        }
        return names
    }
}
