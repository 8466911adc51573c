/// `URLConnection.sendSynchronousRequest(r, returning: &response)` (or `returning: nil`) in an
/// `async` function of a Swift file on the shim: the call the URLSession emitter turns into
/// `await URLSession.shared.data(for: r, returning: &response)` (or `data(for: r).0`), which
/// suspends where the old call blocked. Token positions are indices into that file's `TokenStream`.
struct SynchronousRequestCall: Sendable {
    /// From `URLConnection` to the argument list's `)`.
    var call: ClosedRange<Int>
    var request: ClosedRange<Int>
    /// The `&response` argument; nil for `returning: nil`.
    var response: ClosedRange<Int>?
}
