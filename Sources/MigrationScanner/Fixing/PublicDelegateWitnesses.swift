/// Delegate methods of a public or open class made public, where the class adopts a shim delegate
/// protocol (or `--fix` makes it adopt one).
///
/// The shim's protocols are public Swift protocols, so a public class's methods that implement
/// them must be public too, or the fixed file does not compile ("must be declared public because it
/// matches a requirement in public protocol"). NSURLConnection's were Objective-C protocols with
/// optional methods, found at run time, so legacy code rarely wrote the modifier. A method that
/// already states its access is left as it is.
struct PublicDelegateWitnesses {
    let file: ScannedFile

    private static let accessWords: Set<Word> = [.public, .open, .internal, .private, .fileprivate]

    /// `public ` before each such method's `func`.
    func edits() -> [SourceEdit] {
        let stream = file.stream
        let matcher = DelegateSignatureMatcher(file: file)
        let gaps = Set(MissingDelegateConformance.all(in: file).filter { $0.superclassDeclaredElsewhere == nil }
            .map { stream.text($0.span.name) })
        var edits: [SourceEdit] = []
        for (name, spans) in file.typeSpansByName() {
            guard let declaration = spans.first(where: { stream.isWord($0.keyword, .class) }), isPublic(declaration),
                  gaps.contains(name) || spans.contains(where: { $0.inherited.contains { DelegateProtocol(named: stream.text($0)) != nil } })
            else { continue }
            for method in file.structure.methods(in: spans) where matcher.delegateSelector(of: method) != nil {
                let header = method.declarationStart..<method.name
                guard !header.contains(where: { stream.word($0).map(Self.accessWords.contains) == true }),
                      let function = header.first(where: { stream.isWord($0, .func) }) else { continue }
                let start = Int(stream[function].start)
                edits.append(SourceEdit(range: start..<start, replacement: "public "))
            }
        }
        return edits
    }

    /// `public class`, `open class`, `public final class`…: a modifier among the few tokens before `class`.
    private func isPublic(_ declaration: TypeSpan) -> Bool {
        let stream = file.stream
        return (max(0, declaration.keyword - 3)..<declaration.keyword).contains { stream.isWord($0, .public) || stream.isWord($0, .open) }
    }
}
