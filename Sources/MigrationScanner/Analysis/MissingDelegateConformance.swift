/// A Swift class that implements NSURLConnection delegate methods without adopting the protocol
/// that declares them (the base protocol only, or none: the most-copied 2014 pattern).
///
/// NSURLConnection found such methods at run time by selector; URLConnectionShim calls a method
/// only through its protocol, so after renaming the class compiles and receives nothing.
/// A class counts as a connection delegate when it shows a sign of being one: a delegate method
/// typed with `NSURLConnection`, `delegate: self` passed in its body, or the base protocol adopted
/// (a class of `connection(_:didReceive:)` methods called directly is not one).
/// Only classes declared in the file are judged: an extension of a class declared elsewhere may
/// inherit the conformance from there, and so may a subclass of a class the file cannot see.
struct MissingDelegateConformance {
    /// The class or extension the conformance belongs on: where the base protocol is adopted, or
    /// the first declaration that implements a delegate method.
    var span: TypeSpan
    /// The protocol that declares the methods (data or download; base when only its methods are implemented).
    var needed: DelegateProtocol
    /// The first delegate method's selector, for the message.
    var selector: String
    /// The inheritance entry naming the base protocol, which the needed protocol replaces.
    var baseEntry: Int?
    /// The class's superclass is one the file does not declare and that is not a Foundation or UIKit
    /// class: it may adopt the protocol already, so `--fix` leaves the class alone.
    var superclassDeclaredElsewhere: String?

    /// Prefixes of framework classes that never adopt a connection delegate protocol themselves.
    private static let frameworkPrefixes = ["NS", "UI", "WK", "CA"]

    static func all(in file: ScannedFile) -> [MissingDelegateConformance] {
        guard file.language == .swift else { return [] }
        let stream = file.stream
        let matcher = DelegateSignatureMatcher(file: file)
        let grouped = file.typeSpansByName()
        let spansByName = Dictionary(grouped, uniquingKeysWith: +)
        let selfAsDelegate = ConnectionDelegateTypes.selfPassedAsDelegate(in: file)
        /// The protocols the class `name` (and, in this file, its superclasses) adopts.
        func adopted(_ name: String, depth: Int = 0) -> [DelegateProtocol] {
            guard depth < 8, let spans = spansByName[name] else { return [] }
            let own = spans.flatMap { $0.inherited.compactMap { DelegateProtocol(named: stream.text($0)) } }
            let superclass = spans.first { stream.isWord($0.keyword, .class) }?.inherited.first.map { stream.text($0) }
            return own + (superclass.map { adopted($0, depth: depth + 1) } ?? [])
        }

        var found: [MissingDelegateConformance] = []
        for (name, spans) in grouped {
            guard let declaration = spans.first(where: { stream.isWord($0.keyword, .class) })
            else { continue }
            let methods = file.structure.methods(in: spans).compactMap { method -> (MethodSpan, String)? in
                // Methods of nested types belong to those types. The selector first: it rules out
                // most methods by their name's word, before the owner's name is made into text.
                guard let selector = matcher.delegateSelector(of: method),
                      let owner = file.structure.enclosingType(of: method.name), stream.text(owner.name) == name
                else { return nil }
                return (method, selector)
            }
            guard let first = methods.first,
                  methods.contains(where: { stream.isWord($0.0.parameters[0].type.lowerBound, .NSURLConnection) })
                    || spans.contains(where: { selfAsDelegate.containsElement(in: $0.body) })
                    || spans.contains(where: { $0.inherited.contains { DelegateProtocol(named: stream.text($0)) == .base } })
            else { continue }
            let declaring = Set(methods.map { DelegateProtocol(declaring: $0.1) })
            let needed: DelegateProtocol = declaring.contains(.data) ? .data : declaring.contains(.download) ? .download : .base
            let adoptions = adopted(name)
            guard !adoptions.contains(where: { $0.covers(needed) || (needed != .base && $0 != .base) }) else { continue }
            let baseEntry = spans.lazy.compactMap { span in
                span.inherited.first { DelegateProtocol(named: stream.text($0)) == .base }.map { (span, $0) }
            }.first
            let span = baseEntry?.0 ?? spans.first { $0.body.contains(first.0.name) } ?? declaration
            let superclass = declaration.inherited.first.map { stream.text($0) }
            let elsewhere = superclass.flatMap { superclass -> String? in
                if DelegateProtocol(named: superclass) != nil || spansByName[superclass] != nil { return nil }
                return frameworkPrefixes.contains { superclass.hasPrefix($0) } ? nil : superclass
            }
            found.append(MissingDelegateConformance(
                span: span, needed: needed, selector: first.1, baseEntry: baseEntry?.1, superclassDeclaredElsewhere: elsewhere))
        }
        return found
    }

    /// `delegate: self` in `body`.
    /// The edit that adopts `needed` (replacing the base protocol where it is adopted), or nil when
    /// the superclass is declared elsewhere.
    func edit(in stream: TokenStream) -> SourceEdit? {
        guard superclassDeclaredElsewhere == nil else { return nil }
        // A directive inside the declaration's header (`class A: #if …`, a half-edited file) makes
        // its inheritance clause unreadable: an edit there would not be seen by the next run.
        guard !((span.name + 1)..<(span.body.lowerBound - 1)).contains(where: { stream[$0].kind == .directive }) else { return nil }
        if let baseEntry {
            return SourceEdit(range: Int(stream[baseEntry].start)..<Int(stream[baseEntry].end), replacement: needed.shimName)
        }
        // After the inheritance clause: before `where` or the opening brace, past any comment.
        let brace = span.body.lowerBound - 1
        var anchor = ((span.name + 1)..<brace).first { stream.isWord($0, .where) } ?? brace
        anchor -= 1
        while anchor > span.name && (stream[anchor].kind == .comment || stream[anchor].kind == .docComment) { anchor -= 1 }
        guard inheritanceClauseIsReadUp(to: anchor, stream) else { return nil }
        let end = Int(stream[anchor].end)
        return SourceEdit(range: end..<end, replacement: (span.inherited.isEmpty ? ": " : ", ") + needed.shimName)
    }

    /// Whether the declaration parser read the header up to `anchor`: past the last inherited entry
    /// (or the name), nothing but closed generic brackets and what they hold. In a half-edited
    /// file it may stop earlier (at a keyword, a `]`) or run on (a `<` never closed): a conformance
    /// added at `anchor` would then not be read by the next run, which would add it again.
    private func inheritanceClauseIsReadUp(to anchor: Int, _ stream: TokenStream) -> Bool {
        var depth = 0
        for index in stride(from: (span.inherited.last ?? span.name) + 1, through: anchor, by: 1) {
            if stream.isPunctuation(index, "<") {
                depth += 1
            } else if stream.isPunctuation(index, ">") && !stream.isPunctuation(index - 1, "-") {
                guard depth > 0 else { return false }
                depth -= 1
            } else if depth == 0 && stream[index].kind != .comment && stream[index].kind != .docComment {
                return false
            }
        }
        return depth == 0
    }
}
