import Foundation
import MigrationScanner

/// JSON with `//` and `/* */` comments (JSONC, as VS Code's settings and tsconfig accept), read
/// with a position for every syntax error, so a configuration file can explain itself.
enum CommentedJSON {
    /// A syntax error at a 1-based line and column of the file.
    struct SyntaxError: Error {
        var line: Int
        var column: Int
        var reason: String
    }

    /// Parses `data` after blanking its comments (newlines kept, so positions stay the file's).
    static func parse(_ data: Data) -> Result<Any, SyntaxError> {
        let bytes = blankingComments(Array(data))
        if let unterminated = bytes.unterminatedComment {
            let (line, column) = position(ofByte: unterminated, in: bytes.text)
            return .failure(SyntaxError(line: line, column: column, reason: "unterminated /* comment"))
        }
        do {
            return .success(try JSONSerialization.jsonObject(with: Data(bytes.text)))
        } catch {
            // Foundation says where in its debug text only: "… around character 25." (Linux) or
            // "… around line 3, column 12." (Apple).
            let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
            let reason = text.components(separatedBy: " around ").first ?? text
            var line = 1
            var column = 1
            if let offset = number(after: "character ", in: text) {
                (line, column) = position(ofByte: offset, in: bytes.text)
            } else if let givenLine = number(after: "line ", in: text), let givenColumn = number(after: "column ", in: text) {
                (line, column) = (givenLine, givenColumn)
            } else if text.localizedCaseInsensitiveContains("end of") {
                (line, column) = position(ofByte: bytes.text.count, in: bytes.text)
            }
            return .failure(SyntaxError(line: line, column: column, reason: reason.trimmingCharacters(in: ["."])))
        }
    }

    /// The bytes with every comment outside strings replaced by spaces, and where an unterminated
    /// block comment starts.
    static func blankingComments(_ bytes: [UInt8]) -> (text: [UInt8], unterminatedComment: Int?) {
        var text = bytes
        var index = 0
        var inString = false
        while index < text.count {
            let byte = text[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 2; continue }
                if byte == UInt8(ascii: "\"") { inString = false }
                index += 1
                continue
            }
            let next = index + 1 < text.count ? text[index + 1] : 0
            if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "/") && next == UInt8(ascii: "/") {
                while index < text.count && text[index] != UInt8(ascii: "\n") {
                    text[index] = UInt8(ascii: " ")
                    index += 1
                }
                continue
            } else if byte == UInt8(ascii: "/") && next == UInt8(ascii: "*") {
                let start = index
                index += 2
                while index < text.count && !(text[index - 1] == UInt8(ascii: "*") && text[index] == UInt8(ascii: "/") && index - 1 > start + 1) {
                    index += 1
                }
                guard index < text.count else { return (text, start) }
                for position in start...index where text[position] != UInt8(ascii: "\n") {
                    text[position] = UInt8(ascii: " ")
                }
            }
            index += 1
        }
        return (text, nil)
    }

    private static func position(ofByte offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let before = bytes.prefix(max(0, min(offset, bytes.count)))
        let line = before.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        return (line, String(decoding: before[lineStart...], as: UTF8.self).unicodeScalars.count + 1)
    }

    private static func number(after label: String, in text: String) -> Int? {
        guard let range = text.range(of: label) else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }
}
