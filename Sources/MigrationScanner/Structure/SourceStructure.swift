/// The declarations of one file: bracket pairs, type spans and method spans, and lookups
/// from a token to what encloses it.
struct SourceStructure: Sendable {
    package let stream: TokenStream
    /// For every token, the index of its partner bracket, or -1.
    let partners: [Int32]
    /// In order of their first token.
    let types: [TypeSpan]
    /// In order of their first token; Swift functions may nest.
    let methods: [MethodSpan]
    /// Indices of the methods that have bodies; their bodies start in increasing order.
    private let methodsWithBodies: [Int]
    /// For each entry of `methodsWithBodies`, the entry whose body encloses it, or -1.
    private let enclosingMethodEntry: [Int]
    /// For each type, the index of the type whose body encloses it, or -1.
    private let enclosingTypeIndex: [Int]
    /// Indices into `methods` in order of their name tokens, for `methods(in:)`'s binary search.
    private let methodIndicesByName: [Int]

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
        let bodied = declarations.methods.indices.filter { declarations.methods[$0].body != nil }
        methodsWithBodies = bodied
        enclosingMethodEntry = Self.parents(of: bodied.map { declarations.methods[$0].body ?? 0..<0 })
        enclosingTypeIndex = Self.parents(of: declarations.types.map(\.body))
        methodIndicesByName = declarations.methods.indices.sorted { lhs, rhs in
            (declarations.methods[lhs].name, lhs) < (declarations.methods[rhs].name, rhs)
        }
    }

    /// For ranges sorted by lower bound and nested or disjoint, the index of each one's
    /// innermost enclosing range (-1 for none), in one pass with a stack.
    private static func parents(of ranges: [Range<Int>]) -> [Int] {
        var parents = [Int](repeating: -1, count: ranges.count)
        var open: [Int] = []
        for (index, range) in ranges.enumerated() {
            while let last = open.last, ranges[last].upperBound <= range.lowerBound { open.removeLast() }
            parents[index] = open.last ?? -1
            open.append(index)
        }
        return parents
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
        // A method that encloses the token but starts before the candidate also encloses the
        // candidate, so following enclosing methods is enough: O(nesting depth).
        while let index = candidate {
            let method = methods[methodsWithBodies[index]]
            if method.contains(token) { return method }
            let parent = enclosingMethodEntry[index]
            candidate = parent >= 0 ? parent : nil
        }
        return nil
    }

    /// The innermost type whose span contains the token.
    func enclosingType(of token: Int) -> TypeSpan? {
        var candidate = lastIndex(in: types.count, startingAtOrBefore: token) { types[$0].body.lowerBound }
        while let index = candidate {
            if types[index].body.contains(token) { return types[index] }
            let parent = enclosingTypeIndex[index]
            candidate = parent >= 0 ? parent : nil
        }
        return nil
    }

    /// The type spans in this file with the same name as `type` (its interface,
    /// implementation, extensions and categories).
    func spans(sameNameAs type: TypeSpan) -> [TypeSpan] {
        let name = stream.text(type.name)
        return types.filter { stream.text($0.name) == name }
    }

    /// The Objective-C instance method of `implementation` with `selector` that has a body.
    func instanceMethod(_ selector: String, of implementation: TypeSpan, in stream: TokenStream) -> MethodSpan? {
        methods(in: [implementation]).first { method in
            method.body != nil && stream.isPunctuation(method.declarationStart, "-") && method.selector(in: stream) == selector
        }
    }

    /// The methods whose names lie in the body of any of `spans`, in file order.
    ///
    /// A binary search per span rather than a test of every method against every span: asked
    /// for each type of a long file, that would be quadratic. Spans that overlap are read as one:
    /// a class declared inside itself thousands of times would list every method once per copy.
    func methods(in spans: [TypeSpan]) -> [MethodSpan] {
        var found: [Int] = []
        for body in Self.union(of: spans.map(\.body)) {
            var position = firstPosition(byNameAtOrAfter: body.lowerBound)
            while position < methodIndicesByName.count {
                let index = methodIndicesByName[position]
                guard methods[index].name < body.upperBound else { break }
                found.append(index)
                position += 1
            }
        }
        return found.sorted().map { methods[$0] }
    }

    /// The same tokens as `ranges`, in disjoint ranges in order.
    private static func union(of ranges: [Range<Int>]) -> [Range<Int>] {
        var union: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = union.last, range.lowerBound <= last.upperBound {
                union[union.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                union.append(range)
            }
        }
        return union
    }

    /// The first position in `methodIndicesByName` whose method's name token is ≥ `token`.
    private func firstPosition(byNameAtOrAfter token: Int) -> Int {
        var low = 0
        var high = methodIndicesByName.count
        while low < high {
            let middle = (low + high) / 2
            if methods[methodIndicesByName[middle]].name < token { low = middle + 1 } else { high = middle }
        }
        return low
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
