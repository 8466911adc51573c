import Foundation

/// One cookie a response sets, parsed from its `Set-Cookie` string as RFC 6265 §5.2 says: the
/// name and value, and the attributes §5.3 needs, each as its last occurrence gives it. Nothing
/// is decided here about storing it (`CookieAcceptance`). A value type holding its strings: any
/// thread.
struct SetCookie: Equatable {
    var name: String
    var value: String
    /// `Expires`, when it names a date (`CookieDate`).
    var expires: Date?
    /// `Max-Age` in seconds, when it is an integer (clamped to `Int`'s range).
    var maxAge: Int?
    /// `Domain`, lowercased, without a leading dot; nil when absent or empty.
    var domain: String?
    /// `Path`, when it starts with "/"; otherwise nil (the default path applies).
    var path: String?
    var secure = false
    var httpOnly = false

    /// Parses one set-cookie-string; nil for one §5.2 ignores (no "=" in the name-value pair, an
    /// empty name), and for one with a control character other than HTAB (a bare CR or LF
    /// included), as RFC 6265bis §5.6 ignores it: such a value could not be sent back.
    init?(_ string: Substring) {
        guard !string.unicodeScalars.contains(where: Self.isForbiddenControl) else { return nil }
        var parts = string.split(separator: ";", omittingEmptySubsequences: false)[...]
        guard let pair = parts.popFirst(), let equals = pair.firstIndex(of: "=") else { return nil }
        name = Self.trimmed(pair[..<equals])
        value = Self.trimmed(pair[pair.index(after: equals)...])
        guard !name.isEmpty else { return nil }
        for attribute in parts {
            let equals = attribute.firstIndex(of: "=")
            let attributeName = Self.trimmed(attribute[..<(equals ?? attribute.endIndex)]).lowercased()
            let attributeValue = equals.map { Self.trimmed(attribute[attribute.index(after: $0)...]) } ?? ""
            apply(attributeName, attributeValue)
        }
    }

    private mutating func apply(_ attribute: String, _ text: String) {
        switch attribute {
        case "expires":
            if let date = CookieDate.parse(text) { expires = date }
        case "max-age":
            if let seconds = Self.deltaSeconds(text) { maxAge = seconds }
        case "domain":
            let canonical = (text.hasPrefix(".") ? String(text.dropFirst()) : text).lowercased()
            domain = canonical.isEmpty ? nil : canonical
        case "path":
            path = text.hasPrefix("/") ? text : nil
        case "secure":
            secure = true
        case "httponly":
            httpOnly = true
        default:
            break
        }
    }

    /// §5.2.2: an optional "-" then digits only; a number past `Int`'s range is its bound.
    private static func deltaSeconds(_ text: String) -> Int? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text) ?? (text.hasPrefix("-") ? Int.min : Int.max)
    }

    /// The set-cookie-strings of a `Set-Cookie` field whose lines URLSession folded into one
    /// value with ", " (Linux and Apple platforms alike): a comma starts a new cookie when a token
    /// and "=" follow it, so the comma of an `Expires` date stays inside its cookie.
    static func strings(inFolded field: String) -> [Substring] {
        var strings: [Substring] = []
        var start = field.startIndex
        var index = start
        while let comma = field[index...].firstIndex(of: ",") {
            index = field.index(after: comma)
            let rest = field[index...].drop { $0 == " " || $0 == "\t" }
            let token = rest.prefix { $0.isASCII && (Self.tokenSymbols.contains($0) || $0.isLetter || $0.isNumber) }
            if !token.isEmpty, rest[token.endIndex...].drop(while: { $0 == " " || $0 == "\t" }).first == "=" {
                strings.append(field[start..<comma])
                start = index
            }
        }
        strings.append(field[start...])
        return strings.filter { !trimmed($0).isEmpty }
    }

    /// The symbols RFC 9110's token allows besides letters and digits.
    private static let tokenSymbols = Set("!#$%&'*+-.^_`|~")

    /// %x00-08 / %x0A-1F / %x7F
    private static func isForbiddenControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }

    /// `text` without leading and trailing SP and HTAB.
    static func trimmed(_ text: Substring) -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isBlank($0) }), let last = text.lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(text[first...last])
    }
}
