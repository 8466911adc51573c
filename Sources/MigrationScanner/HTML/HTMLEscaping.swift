/// Escapes text for HTML element content and attribute values, keeping the result well-formed
/// XML too (the report is checked with an XML parser).
enum HTMLEscaping {
    /// `&`, `<`, `>`, `"` and `'` as entities; control characters XML forbids become U+FFFD.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                // XML 1.0 allows no other C0 control, and no U+FFFE/U+FFFF; a source line may hold any byte.
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\u{FFFD}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// `escape(_:)` for an XML attribute value: tab, line feed and carriage return as character
    /// references too, since an XML parser turns them into spaces in attributes (a checkstyle
    /// or JUnit message keeps its line breaks).
    static func escapeAttribute(_ text: String) -> String {
        var result = ""
        for scalar in escape(text).unicodeScalars {
            switch scalar {
            case "\t": result += "&#9;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
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
