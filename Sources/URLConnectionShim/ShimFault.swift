/// A failure the shim decides on itself, with NSURLConnection's code for it and a description
/// that says what was wrong: a request it will not send (C32), a response whose framing it will
/// not trust (C31). `ConnectionError.normalize` adds the failing URL keys.
struct ShimFault: Error {
    let code: Int
    let description: String
}
