extension [MethodSpan] {
    /// The methods not declared inside another one's body, in file order.
    ///
    /// A half-edited file can declare a method inside itself thousands of times. Every token of an
    /// inner body is also in the outer body, so a question about bodies is answered by the
    /// outermost ones alone; asking it of each nested copy read the file once per copy.
    var outermost: [MethodSpan] {
        var outerEnd = Int.min
        return sorted { $0.name < $1.name }.filter { method in
            guard method.name >= outerEnd else { return false }
            outerEnd = method.body?.upperBound ?? outerEnd
            return true
        }
    }
}
