/// A JSON document with object keys kept in the order written, so reports read in a
/// documented order (`version` first) and are byte-for-byte deterministic.
enum JSONValue: Sendable, Hashable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    /// Keys in output order; a key must not repeat.
    case object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(serialized())
    }

    /// Pretty-printed with two-space indents and a trailing newline; non-ASCII text is written as UTF-8.
    func serialized() -> String {
        var output = ""
        write(to: &output, indent: "")
        return output + "\n"
    }

    private func write(to output: inout String, indent: String) {
        switch self {
        case .string(let text): Self.writeString(text, to: &output)
        case .integer(let number): output += String(number)
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            let inner = indent + "  "
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += inner
                element.write(to: &output, indent: inner)
                output += index == elements.count - 1 ? "\n" : ",\n"
            }
            output += indent + "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            let inner = indent + "  "
            output += "{\n"
            for (index, (key, value)) in members.enumerated() {
                output += inner
                Self.writeString(key, to: &output)
                output += ": "
                value.write(to: &output, indent: inner)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += indent + "}"
        }
    }

    /// RFC 8259 escaping: the quote, the backslash and every control character (U+0000–U+001F, and
    /// U+007F for safety in terminals); `/` is left alone since JSON does not require escaping it.
    /// Copies runs of text that need no escape in one append: every character JSON escapes is
    /// ASCII, so a run always ends on a character boundary (the profile showed the per-scalar
    /// version as a third of a report's cost).
    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        let utf8 = text.utf8
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            if let escaped = escape(utf8[index]) {
                output += text[runStart..<index]
                output += escaped
                runStart = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        output += text[runStart..<utf8.endIndex]
        output += "\""
    }

    private static func escape(_ byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "\""): return "\\\""
        case UInt8(ascii: "\\"): return "\\\\"
        case UInt8(ascii: "\n"): return "\\n"
        case UInt8(ascii: "\r"): return "\\r"
        case UInt8(ascii: "\t"): return "\\t"
        case 0x08: return "\\b"
        case 0x0C: return "\\f"
        case 0x00...0x1F, 0x7F:
            let hex = String(byte, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: return nil
        }
    }
}
