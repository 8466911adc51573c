/// The declarations of one file: bracket pairs, type spans and method spans, and lookups
/// from a token to what encloses it.
struct SourceStructure: Sendable {
    let stream: TokenStream
    /// For every token, the index of its partner bracket, or -1.
    let partners: [Int32]
    /// In order of their first token.
    let types: [TypeSpan]
    /// In order of their first token; Swift functions may nest.
    let methods: [MethodSpan]
    /// Indices of the methods that have bodies; their bodies start in increasing order.
    private let methodsWithBodies: [Int]

    init(_ stream: TokenStream) {
        self.stream = stream
        let partners = BracketMatcher.partners(in: stream)
        self.partners = partners
        let declarations: (types: [TypeSpan], methods: [MethodSpan])
        switch stream.language {
        case .swift:
            declarations = SwiftDeclarationParser(stream: stream, partners: partners).parse()
        case .objectiveC:
            var parser = ObjectiveCDeclarationParser(stream: stream, partners: partners)
            declarations = parser.parse()
        }
        types = declarations.types
        methods = declarations.methods
        methodsWithBodies = declarations.methods.indices.filter { declarations.methods[$0].body != nil }
    }

    /// The partner bracket of the token at `index`, or nil.
    @inline(__always)
    func partner(_ index: Int) -> Int? {
        guard index >= 0 && index < partners.count else { return nil }
        let partner = partners[index]
        return partner < 0 ? nil : Int(partner)
    }

    /// The innermost method or function whose body contains the token.
    func enclosingMethod(of token: Int) -> MethodSpan? {
        var candidate = lastIndex(in: methodsWithBodies.count, startingAtOrBefore: token) {
            methods[methodsWithBodies[$0]].body?.lowerBound ?? 0
        }
        while let index = candidate {
            let method = methods[methodsWithBodies[index]]
            if method.contains(token) { return method }
            candidate = index > 0 ? index - 1 : nil
        }
        return nil
    }

    /// The innermost type whose span contains the token.
    func enclosingType(of token: Int) -> TypeSpan? {
        var candidate = lastIndex(in: types.count, startingAtOrBefore: token) { types[$0].body.lowerBound }
        while let index = candidate {
            if types[index].body.contains(token) { return types[index] }
            candidate = index > 0 ? index - 1 : nil
        }
        return nil
    }

    /// The type spans in this file with the same name as `type` (its interface,
    /// implementation, extensions and categories).
    func spans(sameNameAs type: TypeSpan) -> [TypeSpan] {
        let name = stream.text(type.name)
        return types.filter { stream.text($0.name) == name }
    }

    /// Every type's spans grouped by name (`spans(sameNameAs:)` of each group's first span), in
    /// order of each name's first span. One name string per span: asking `spans(sameNameAs:)`
    /// for every type compares every pair of names, quadratic in a long file's types.
    func typeSpansGroupedByName() -> [[TypeSpan]] {
        var groupOfName: [String: Int] = [:]
        var groups: [[TypeSpan]] = []
        for type in types {
            let name = stream.text(type.name)
            if let group = groupOfName[name] {
                groups[group].append(type)
            } else {
                groupOfName[name] = groups.count
                groups.append([type])
            }
        }
        return groups
    }

    /// The methods whose bodies lie in any of `spans`.
    func methods(in spans: [TypeSpan]) -> [MethodSpan] {
        methods.filter { method in spans.contains { $0.body.contains(method.name) } }
    }

    /// Binary search: the last element whose non-decreasing key is ≤ `token`.
    private func lastIndex(in count: Int, startingAtOrBefore token: Int, key: (Int) -> Int) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if key(middle) <= token { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }
}
