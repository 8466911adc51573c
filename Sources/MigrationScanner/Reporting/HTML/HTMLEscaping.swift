/// Escapes text for HTML element content and attribute values, keeping the result well-formed
/// XML too (the report is checked with an XML parser).
enum HTMLEscaping {
    /// `&`, `<`, `>`, `"` and `'` as entities; control characters XML forbids become U+FFFD.
    static func escape(_ text: String) -> String {
        escaped(text, inAttribute: false)
    }

    /// `escape(_:)` for an XML attribute value: tab, line feed and carriage return as character
    /// references too, since an XML parser turns them into spaces in attributes (a checkstyle
    /// or JUnit message keeps its line breaks).
    static func escapeAttribute(_ text: String) -> String {
        escaped(text, inAttribute: true)
    }

    private static func escaped(_ text: String, inAttribute: Bool) -> String {
        text.replacingUTF8 { index, bytes in replacement(at: index, in: bytes, inAttribute: inAttribute) }
    }

    /// What replaces the bytes starting at `index`, if anything, and how many they are
    /// (`String.replacingUTF8`).
    @inline(__always)
    private static func replacement(
        at index: Int, in bytes: UnsafeBufferPointer<UInt8>, inAttribute: Bool
    ) -> (replacement: StaticString?, length: Int) {
        switch bytes[index] {
        case UInt8(ascii: "&"): ("&amp;", 1)
        case UInt8(ascii: "<"): ("&lt;", 1)
        case UInt8(ascii: ">"): ("&gt;", 1)
        case UInt8(ascii: "\""): ("&quot;", 1)
        case UInt8(ascii: "'"): ("&#39;", 1)
        case 0x09: (inAttribute ? "&#9;" : nil, 1)
        case 0x0A: (inAttribute ? "&#10;" : nil, 1)
        case 0x0D: (inAttribute ? "&#13;" : nil, 1)
        // XML 1.0 allows no other C0 control, and no U+FFFE/U+FFFF (EF BF BE, EF BF BF); a source
        // line may hold any byte.
        case ..<0x20: ("\u{FFFD}", 1)
        case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE: ("\u{FFFD}", 3)
        default: (nil, 1)
        }
    }

    /// A fragment identifier made of ASCII letters, digits, `-` and `_` only, so it needs no escaping
    /// anywhere: rule ids stay readable (`rule-uiwebview`); any other character becomes `_hex_`.
    static func anchor(_ prefix: String, _ text: String) -> String {
        var result = prefix + "-"
        for scalar in text.unicodeScalars {
            if scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-") {
                result.unicodeScalars.append(scalar)
            } else {
                result += "_" + String(scalar.value, radix: 16) + "_"
            }
        }
        return result
    }
}
