/// A Swift method that implements an NSURLConnection delegate method with a signature other
/// than the one URLConnectionShim's protocols declare, and the edits that make it match.
struct DelegateSignatureMismatch: Sendable {
    /// The method's base-name token.
    var nameToken: Int
    /// The Objective-C selector the method implements, e.g. `connection:didReceiveResponse:`.
    var selector: String
    var expected: DelegateSignature
    /// The method's parameter names, kept by the fix because the body uses them.
    var parameterNames: [String]
    /// Replacements of labels, parameter types and the return type.
    var edits: [SourceEdit]
    /// True when labels or types other than the first parameter's differ: such a method
    /// compiles against the shim once its types are renamed and is never called.
    var isNearMiss: Bool

    /// The declaration the fix writes.
    var expectedDeclaration: String { expected.declaration(parameterNames: parameterNames) }
}
