/// `URLConnection.sendAsynchronousRequest(r, queue: q) { response, data, error in … }` in a Swift
/// file on the shim: the call the URLSession emitter turns into
/// `URLSession.shared.dataTask(with: r, queue: q) { response, data, error in … }.resume()`.
/// Token positions are indices into that file's `TokenStream`.
struct AsynchronousRequestCall: Sendable {
    /// From `URLConnection` to the argument list's `)`.
    var call: ClosedRange<Int>
    var request: ClosedRange<Int>
    /// The queue the handler ran on.
    var queue: ClosedRange<Int>
    /// The closure's parameter names, in NSURLConnection's order: response, data, error.
    var parameters: [Int]
    var inKeyword: Int
    var closingBrace: Int
}
