import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Refuses a request that would put lines of its own on the wire (C32).
///
/// RFC 9110 §5.5 forbids CR, LF and NUL in a field value, and §5.1 and §9.1 make field names and
/// methods tokens. Linux's URLSession passes them to libcurl as they are, so a CR LF in a header
/// value (or name, or method) ends the line there and whatever follows is sent as further
/// header lines, or as a second request on the same connection. The shim checks every request
/// it is about to send: the first one, the one the delegate returns from `willSend`, and every
/// redirect it follows.
enum RequestFieldCheck {
    /// Why `request` must not be sent, or nil when every field can go on the wire as it is.
    static func fault(in request: URLRequest) -> ShimFault? {
        if let method = request.httpMethod, !isToken(method) {
            return refusal("its method \(quoted(method)) is not an HTTP token")
        }
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            if !isToken(name) {
                return refusal("its header field name \(quoted(name)) is not an HTTP token")
            }
            if value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) {
                return refusal("its header field \(quoted(name)) has a CR, LF or NUL in its value")
            }
        }
        return nil
    }

    private static func refusal(_ reason: String) -> ShimFault {
        ShimFault(code: NSURLErrorBadURL, description: "bad URL: the request was not sent: \(reason).")
    }

    /// The text in quotes, with CR, LF and other control characters shown as escapes.
    private static func quoted(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { $0.properties.generalCategory == .control ? $0.escaped(asASCII: true) : String($0) }.joined() + "\""
    }

    /// RFC 9110 §5.6.2: one or more of ALPHA, DIGIT and ``!#$%&'*+-.^_`|~``.
    private static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }
}
