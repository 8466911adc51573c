/// Where a URL protocol's `startLoading` creates the connection it forwards the request with:
/// `NSURLConnection(…)` or the shim's `URLConnection(…)` (`[NSURLConnection alloc]…` in
/// Objective-C), or a call to a function of the same file that creates one — such as the
/// `forwardingConnection(request:delegate:)` that `--fix` writes — so a file forwards with
/// whatever name it uses, before and after migration.
struct ForwardingCreation {
    let file: ScannedFile

    /// The tokens in `body` that create a forwarding connection: the type name, or the called function's name.
    func sites(in body: Range<Int>) -> [Int] {
        let stream = file.stream
        let creators = creatingFunctions
        return body.filter { index in
            if isConnectionCreation(index) { return true }
            return stream.language == .swift && stream.isIdentifier(index) && stream.isPunctuation(index + 1, "(")
                && (!stream.isPunctuation(index - 1, ".") || stream.isWord(index - 2, .self)) && creators.contains(stream.text(index))
        }
    }

    /// `NSURLConnection` or `URLConnection` at `index`, creating a connection.
    func isConnectionCreation(_ index: Int) -> Bool {
        let stream = file.stream
        return (stream.isWord(index, .NSURLConnection) || stream.isWord(index, .URLConnection))
            && ConnectionUse.classify(index, in: stream) == .creation
    }

    /// Names of the file's Swift functions whose bodies create a connection.
    private var creatingFunctions: Set<String> {
        guard file.language == .swift else { return [] }
        var names: Set<String> = []
        for method in file.structure.methods {
            guard let body = method.body, body.contains(where: isConnectionCreation) else { continue }
            names.insert(file.stream.text(method.name))
        }
        return names
    }
}
