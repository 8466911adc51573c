import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Refuses a response whose body length cannot be trusted (C31).
///
/// RFC 9112 §6.3: a Content-Length that is not a number, or several that differ, is an
/// unrecoverable error: whoever reads the message cannot tell where the body ends, and a
/// response smuggled after it would be read as the next one. libcurl takes the last value and
/// Linux's URLSession reports the response as it came (repeated fields joined with ", "), so the
/// shim checks the field itself. Identical repeats are one length (RFC 9110 §8.6), and a
/// Transfer-Encoding overrides the Content-Length.
enum ResponseFraming {
    /// Why `response` cannot be trusted, or nil when its framing is sound.
    static func fault(in response: URLResponse) -> ShimFault? {
        let isNumber = { (value: Substring) in !value.isEmpty && value.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } }
        // Runs for every response, and each header lookup on Linux lowercases every header name:
        // a plain length, the common case, costs one lookup.
        guard let http = response as? HTTPURLResponse, let lengths = http.value(forHTTPHeaderField: "Content-Length"),
              !isNumber(lengths[...]), http.value(forHTTPHeaderField: "Transfer-Encoding") == nil
        else { return nil }
        let values = lengths.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces)[...] }
        guard values.allSatisfy(isNumber), Set(values).count == 1 else {
            return ShimFault(
                code: NSURLErrorCannotParseResponse,
                description: "The server’s response could not be parsed: its Content-Length is \"\(lengths)\", not one length.")
        }
        return nil
    }
}
