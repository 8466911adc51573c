/// How URLConnectionShim's protocols declare one NSURLConnection delegate method in Swift 3+.
///
/// A method with any other labels or parameter types compiles and is never called: the shim
/// only calls the protocol requirement, and an extension supplies its default.
struct DelegateSignature: Sendable {
    /// One parameter after the first (the first is always `_ connection: URLConnection`).
    struct Parameter: Sendable {
        /// The argument label (the part of the name callers see).
        var label: String
        var type: String
    }

    /// `connection`, `connectionDidFinishLoading`…
    var baseName: String
    var parameters: [Parameter]
    /// The return type, nil for `Void`.
    var returnType: String?

    /// The declaration's Swift name, e.g. `connection(_:didReceive:)`.
    var swiftName: String {
        baseName + "(_:" + parameters.map { $0.label + ":" }.joined() + ")"
    }

    /// The declaration with placeholder parameter names, for messages.
    func declaration(parameterNames: [String]) -> String {
        var pieces = ["_ \(parameterNames.first ?? "connection"): URLConnection"]
        for (offset, parameter) in parameters.enumerated() {
            let name = offset + 1 < parameterNames.count ? parameterNames[offset + 1] : parameter.label
            pieces.append(name == parameter.label ? "\(name): \(parameter.type)" : "\(parameter.label) \(name): \(parameter.type)")
        }
        return "func \(baseName)(\(pieces.joined(separator: ", ")))" + (returnType.map { " -> \($0)" } ?? "")
    }
}
