/// Finds `@interface`/`@implementation`/`@protocol` blocks, their methods and C functions
/// in an Objective-C token stream.
struct ObjectiveCDeclarationParser: DeclarationParsing {
    package let stream: TokenStream
    let partners: [Int32]
    private var types: [TypeSpan] = []
    private var methods: [MethodSpan] = []
    /// Every method's parameters, end to end (`MethodSpan.Parameters`).
    private var parameters: [MethodSpan.Parameter] = []

    init(stream: TokenStream, partners: [Int32]) {
        self.stream = stream
        self.partners = partners
    }

    private func isEnd(_ index: Int) -> Bool {
        stream[index].kind == .directive && stream[index].word == .end
    }

    mutating func parse() -> (types: [TypeSpan], methods: [MethodSpan]) {
        var index = 0
        while index < stream.count {
            let token = stream[index]
            if token.kind == .directive, let word = token.word,
               word == .interface || word == .implementation || word == .protocol {
                index = parseContainer(at: index, word: word)
            } else if stream.isPunctuation(index, "{") {
                index = parseBrace(at: index)
            } else if (stream.isPunctuation(index, "-") || stream.isPunctuation(index, "+"))
                        && stream.isPunctuation(index + 1, "(") && startsDeclaration(index, 0) {
                // A method outside any container: a snippet, or code after a stray `@end`.
                index = parseMethod(at: index)
            } else {
                index += 1
            }
        }
        let byStart = methods.sorted { $0.declarationStart < $1.declarationStart }
        return (types, byStart.map { $0.sharingParameters(parameters) })
    }

    /// A `{` outside methods: a C function body when it follows `name(…)`; skipped either way.
    private mutating func parseBrace(at open: Int) -> Int {
        guard let close = partner(open) else { return open + 1 }
        if stream.isPunctuation(open - 1, ")"), let parenthesis = partner(open - 1), stream.isIdentifier(parenthesis - 1) {
            let name = stream.text(parenthesis - 1)
            if !name.hasSuffix("_ENUM") && !name.hasSuffix("_OPTIONS") {
                methods.append(MethodSpan(
                    declarationStart: parenthesis - 1, name: parenthesis - 1, parameters: MethodSpan.Parameters(at: 0..<0), body: (open + 1)..<close,
                    isInterfaceBuilderAction: false, isFunction: true))
            }
        }
        return close + 1
    }

    private mutating func parseContainer(at keyword: Int, word: Word) -> Int {
        let name = keyword + 1
        guard isName(name) else { return keyword + 1 }
        if word == .protocol && (stream.isPunctuation(name + 1, ";") || stream.isPunctuation(name + 1, ",")) {
            return name + 1
        }
        var index = name + 1
        var superclass: Int?
        var inherited: [Int] = []
        header: while index < stream.count {
            if stream.isPunctuation(index, "(") {
                index = (partner(index) ?? index) + 1
            } else if stream.isPunctuation(index, "<") {
                var names: [Int] = []
                index += 1
                while index < stream.count && !stream.isPunctuation(index, ">") && !stream.isPunctuation(index, "{")
                    && !stream.isPunctuation(index, ";") && stream[index].kind != .directive {
                    if isName(index) { names.append(index) }
                    index += 1
                }
                if stream.isPunctuation(index, ">") { index += 1 }
                // `@interface Box<ObjectType> : NSObject`: generic parameters, not protocols.
                if !stream.isPunctuation(index, ":") { inherited += names }
            } else if stream.isPunctuation(index, ":") && isName(index + 1) {
                superclass = index + 1
                index += 2
            } else {
                break header
            }
        }
        let headerEnd = index
        while index < stream.count && !isEnd(index) {
            if stream.isPunctuation(index, "{") {
                if index == headerEnd, let close = partner(index) {
                    index = close + 1
                } else {
                    index = parseBrace(at: index)
                }
            } else if (stream.isPunctuation(index, "-") || stream.isPunctuation(index, "+")) && startsDeclaration(index, headerEnd) {
                index = parseMethod(at: index)
            } else {
                index += 1
            }
        }
        let kind: TypeSpan.Kind = switch word {
        case .interface: .objectiveCInterface
        case .implementation: .objectiveCImplementation
        default: .objectiveCProtocol
        }
        types.append(TypeSpan(
            kind: kind, keyword: keyword, name: name, inherited: inherited, superclass: superclass,
            body: headerEnd..<index))
        return index + 1
    }

    private func startsDeclaration(_ index: Int, _ headerEnd: Int) -> Bool {
        if index == headerEnd { return true }
        return stream.isPunctuation(index - 1, ";") || stream.isPunctuation(index - 1, "}")
            || stream[index - 1].kind == .directive
    }

    /// `- (type)piece:(type)name piece:(type)name … ;` or `{ body }`.
    private mutating func parseMethod(at start: Int) -> Int {
        var index = start + 1
        var isAction = false
        if stream.isPunctuation(index, "("), let close = partner(index) {
            isAction = ((index + 1)..<close).contains { stream.word($0) == .IBAction }
            index = close + 1
        }
        let name = index
        let firstParameter = parameters.count
        pieces: while index < stream.count {
            var label: Int?
            if isName(index) && stream.isPunctuation(index + 1, ":") {
                label = index
                index += 2
            } else if stream.isPunctuation(index, ":") {
                index += 1
            } else if parameters.count == firstParameter && isName(index) && index == name {
                index += 1
                break pieces
            } else {
                break pieces
            }
            var type = index..<index
            if stream.isPunctuation(index, "("), let close = partner(index) {
                type = (index + 1)..<close
                index = close + 1
            }
            var parameterName: Int?
            if isName(index) && !stream.isPunctuation(index + 1, ":") {
                parameterName = index
                index += 1
            }
            parameters.append(MethodSpan.Parameter(label: label, name: parameterName, type: type))
        }
        guard isName(name) || parameters.count > firstParameter else { return start + 1 }
        var body: Range<Int>?
        var next = index
        tail: while index < stream.count {
            if stream.isPunctuation(index, ";") {
                next = index + 1
                break tail
            }
            if stream.isPunctuation(index, "{") {
                if let close = partner(index) {
                    body = (index + 1)..<close
                    next = close + 1
                } else {
                    // An unclosed body ends where its container does, so later methods survive.
                    var end = index + 1
                    while end < stream.count && !isEnd(end) { end += 1 }
                    body = (index + 1)..<end
                    next = end
                }
                break tail
            }
            if stream.isPunctuation(index, "-") || stream.isPunctuation(index, "+") || isEnd(index) {
                next = index
                break tail
            }
            index = stream.isPunctuation(index, "(") ? (partner(index) ?? index) + 1 : index + 1
            next = index
        }
        methods.append(MethodSpan(
            declarationStart: start, name: name, parameters: MethodSpan.Parameters(at: firstParameter..<parameters.count),
            body: body, isInterfaceBuilderAction: isAction, isFunction: false))
        return max(next, start + 1)
    }
}
