/// Finds type declarations, extensions and functions in a Swift token stream.
struct SwiftDeclarationParser: DeclarationParsing {
    package let stream: TokenStream
    let partners: [Int32]

    /// Modifiers that may precede `func` and belong to its declaration.
    private static let modifiers = WordSet([
        .override, .public, .private, .fileprivate, .internal, .open, .final, .class, .static, .mutating,
        .nonmutating, .convenience, .required, .dynamic, .optional,
    ])
    /// Words that start another declaration: a function that reaches one has no body. A bit set,
    /// not a `Set`: it is asked about every keyword of a file, too often to hash each one.
    private static let declarationStarts = WordSet([
        .func, .var, .let, .`init`, .deinit, .subscript, .class, .struct, .enum, .protocol, .extension,
        .case, .static, .import, .typealias, .associatedtype,
    ])

    /// Words that may start a type or function declaration: the tokens `parse()` looks at.
    private static let declarationWords = WordSet([
        .class, .struct, .enum, .extension, .protocol, .actor, .func, .`init`, .deinit, .subscript,
    ])

    /// In order, the tokens where a signature's search for its body stops: `{` (the body), `}`, a
    /// directive or a word that starts another declaration. Found in one pass: searched from each
    /// function, a file without braces (thousands of nested `subscript(`) would be read to its end
    /// once per function.
    private let bodySearchStops: [Int32]
    /// In order, the identifiers and keywords spelled with a `declarationWords` word.
    private let declarationTokens: [Int32]

    init(stream: TokenStream, partners: [Int32]) {
        self.stream = stream
        self.partners = partners
        var stops: [Int32] = []
        var declarations: [Int32] = []
        // One pass over the tokens' storage, keeping only the few tokens that matter, rather than a
        // stop recorded for every token and a second pass for the declarations.
        stream.tokens.withUnsafeBufferPointer { tokens in
            for index in 0..<tokens.count {
                let token = tokens[index]
                switch token.kind {
                case .punctuation:
                    if token.firstByte == UInt8(ascii: "{") || token.firstByte == UInt8(ascii: "}") { stops.append(Int32(index)) }
                case .directive:
                    stops.append(Int32(index))
                case .keyword:
                    guard let word = token.word else { break }
                    if Self.declarationStarts.contains(word) { stops.append(Int32(index)) }
                    if Self.declarationWords.contains(word) { declarations.append(Int32(index)) }
                case .identifier:
                    if let word = token.word, Self.declarationWords.contains(word) { declarations.append(Int32(index)) }
                default:
                    break
                }
            }
        }
        bodySearchStops = stops
        declarationTokens = declarations
    }

    func parse() -> (types: [TypeSpan], methods: [MethodSpan]) {
        var types: [TypeSpan] = []
        var methods: [MethodSpan] = []
        var parameters: [MethodSpan.Parameter] = []
        for declaration in declarationTokens {
            let index = Int(declaration)
            let token = stream[index]
            guard let word = token.word else { continue }
            switch word {
            case .class, .struct, .enum, .extension, .protocol, .actor:
                if let type = parseType(at: index, word: word) { types.append(type) }
            case .func, .`init`, .deinit, .subscript:
                if token.kind == .keyword, !stream.isPunctuation(index - 1, "."), let method = parseFunction(at: index, word: word, parameters: &parameters) {
                    methods.append(method)
                }
            default:
                continue
            }
        }
        return (types, methods.map { $0.sharingParameters(parameters) })
    }

    /// The first body search stop at or after `index`, or the end of the stream.
    private func bodySearchStop(from index: Int) -> Int {
        let found = bodySearchStops.firstIndex(notBelow: Int32(min(index, stream.count)))
        return found < bodySearchStops.count ? Int(bodySearchStops[found]) : stream.count
    }

    /// Index just past a `<…>` starting at `index`, counting nested angles; stops at `{`.
    private func skipAngles(from index: Int) -> Int {
        var depth = 0
        var index = index
        while index < stream.count {
            if stream.isPunctuation(index, "<") {
                depth += 1
            } else if stream.isPunctuation(index, ">") && !stream.isPunctuation(index - 1, "-") {
                depth -= 1
                if depth == 0 { return index + 1 }
            } else if stream.isPunctuation(index, "{") || stream.isPunctuation(index, ";") {
                return index
            }
            index += 1
        }
        return index
    }

    private func parseType(at keyword: Int, word: Word) -> TypeSpan? {
        var name = keyword + 1
        guard stream.isIdentifier(name) else { return nil }
        if word == .extension {
            while stream.isPunctuation(name + 1, ".") && stream.isIdentifier(name + 2) { name += 2 }
        }
        var index = name + 1
        if stream.isPunctuation(index, "<") { index = skipAngles(from: index) }
        guard stream.isPunctuation(index, ":") || stream.isPunctuation(index, "{") || stream.isWord(index, .where)
        else { return nil }
        var inherited: [Int] = []
        if stream.isPunctuation(index, ":") {
            index += 1
            var angleDepth = 0
            while index < stream.count && !stream.isPunctuation(index, "{") && !stream.isWord(index, .where) {
                if stream.isPunctuation(index, "<") {
                    angleDepth += 1
                } else if stream.isPunctuation(index, ">") {
                    angleDepth -= 1
                } else if angleDepth == 0 && stream.isIdentifier(index) && !stream.isPunctuation(index + 1, ".")
                            && !stream.isPunctuation(index - 1, "@") {
                    inherited.append(index)
                } else if stream.isPunctuation(index, "}") || (stream[index].kind == .keyword && !isClassConstraint(index)) {
                    break
                }
                index += 1
            }
        }
        // Up to the body, past a `where` clause; another declaration first means there is none. Stopping
        // there keeps a line of bodiless declarations (`class A: B class A: B …`) from being rescanned
        // to its end once per declaration.
        while index < stream.count && !stream.isPunctuation(index, "{") && !stream.isPunctuation(index, "}") {
            if stream[index].kind == .keyword, let word = stream.word(index), Self.declarationStarts.contains(word) { return nil }
            index += 1
        }
        guard stream.isPunctuation(index, "{") else { return nil }
        let close = partner(index) ?? stream.count
        let kind: TypeSpan.Kind = switch word {
        case .extension: .swiftExtension
        case .protocol: .swiftProtocol
        default: .swiftType
        }
        return TypeSpan(
            kind: kind, keyword: keyword, name: name, inherited: inherited, superclass: nil, body: (index + 1)..<close)
    }

    /// `class` as an entry of an inheritance list (`protocol P: class, Q`), not the start of the next
    /// declaration (`class Name`).
    private func isClassConstraint(_ index: Int) -> Bool {
        stream.word(index) == .class && (stream.isPunctuation(index - 1, ":") || stream.isPunctuation(index - 1, ","))
            && !stream.isIdentifier(index + 1)
    }

    /// A function's span; its parameters are appended to `parameters`, the file's.
    private func parseFunction(at keyword: Int, word: Word, parameters: inout [MethodSpan.Parameter]) -> MethodSpan? {
        var index = keyword + 1
        let name: Int
        switch word {
        case .func:
            name = index
            guard index < stream.count else { return nil }
            index += 1
            // Operator names are several punctuation tokens.
            while stream[name].kind == .punctuation && index < stream.count && stream[index].kind == .punctuation
                    && !stream.isPunctuation(index, "(") && !stream.isPunctuation(index, "<") {
                index += 1
            }
        default:
            name = keyword
            while stream.isPunctuation(index, "?") || stream.isPunctuation(index, "!") { index += 1 }
        }
        if stream.isPunctuation(index, "<") { index = skipAngles(from: index) }
        let firstParameter = parameters.count
        if word != .deinit {
            guard stream.isPunctuation(index, "("), let close = partner(index) else { return nil }
            parseParameters(from: index + 1, to: close, into: &parameters)
            index = close + 1
        }
        var body: Range<Int>?
        let stop = bodySearchStop(from: index)
        if stream.isPunctuation(stop, "{") { body = (stop + 1)..<(partner(stop) ?? stream.count) }
        let (start, isAction) = declarationStart(before: keyword)
        return MethodSpan(
            declarationStart: start, name: name, parameters: MethodSpan.Parameters(at: firstParameter..<parameters.count),
            body: body, isInterfaceBuilderAction: isAction, isFunction: false)
    }

    /// Splits `(a b: T, c: U = d)` at its top-level commas, appending each parameter to `parameters`.
    private func parseParameters(from start: Int, to end: Int, into parameters: inout [MethodSpan.Parameter]) {
        var index = start
        var parameterStart = start
        var colon: Int?
        var typeEnd: Int?
        var angleDepth = 0
        func finish(at end: Int) {
            guard let colon, parameterStart < colon else { return }
            // The last two names before the colon, read backwards: no array, no strings.
            guard let last = lastName(in: parameterStart..<colon) else { return }
            let labelToken = lastName(in: parameterStart..<last) ?? last
            let label: Int? = stream.hasText(labelToken, "_") ? nil : labelToken
            parameters.append(MethodSpan.Parameter(label: label, name: last, type: (colon + 1)..<(typeEnd ?? end)))
        }
        while index < end {
            if let close = partner(index), close > index, close < end {
                index = close + 1
                continue
            }
            if stream.isPunctuation(index, "<") {
                angleDepth += 1
            } else if stream.isPunctuation(index, ">") && !stream.isPunctuation(index - 1, "-") {
                angleDepth -= 1
            } else if angleDepth <= 0 {
                if stream.isPunctuation(index, ":") && colon == nil {
                    colon = index
                } else if stream.isAssignment(index) && colon != nil && typeEnd == nil {
                    // A default value follows the type; an `=` before any `:` (invalid Swift, a half-edited
                    // file) ends nothing, or the type's range would run backwards.
                    typeEnd = index
                } else if stream.isPunctuation(index, ",") {
                    finish(at: index)
                    parameterStart = index + 1
                    colon = nil
                    typeEnd = nil
                    angleDepth = 0
                }
            }
            index += 1
        }
        finish(at: end)
    }

    /// The last name token in `range`. A loop, not `range.last(where: isName)`: the method reference
    /// copied the parser, and with it retained its arrays, for every parameter of every function.
    private func lastName(in range: Range<Int>) -> Int? {
        var index = range.upperBound - 1
        while index >= range.lowerBound {
            if isName(index) { return index }
            index -= 1
        }
        return nil
    }

    /// The first token of the modifiers and attributes before `func`, and whether one is `@IBAction`.
    private func declarationStart(before keyword: Int) -> (start: Int, isAction: Bool) {
        var start = keyword
        var isAction = false
        var index = keyword - 1
        while index >= 0 {
            if let word = stream.word(index), Self.modifiers.contains(word), !stream.isPunctuation(index - 1, "@") {
                start = index
                index -= 1
            } else if isName(index) && stream.isPunctuation(index - 1, "@") {
                if stream.word(index) == .IBAction { isAction = true }
                start = index - 1
                index -= 2
            } else if stream.isPunctuation(index, ")"), let open = partner(index), isName(open - 1),
                      stream.isPunctuation(open - 2, "@") || stream.word(open - 1).map({ Self.modifiers.contains($0) }) == true {
                index = open - 1
            } else {
                break
            }
        }
        return (start, isAction)
    }
}
