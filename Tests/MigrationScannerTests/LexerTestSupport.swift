@testable import MigrateScanCommand
@testable import MigrationScanner

/// A lexed token as tests compare it: kind and source text, optionally its position.
struct LexedToken: Equatable, CustomStringConvertible {
    var kind: TokenKind
    var text: String
    var line: Int32 = 0
    var column: Int32 = 0

    var description: String { "\(kind):\(text)" + (line > 0 ? "@\(line):\(column)" : "") }
}

enum LexerTestSupport {
    static func tokens(_ source: String, _ language: SourceLanguage) -> [Token] {
        let bytes = Array(source.utf8)
        return language == .swift ? SwiftLexer.tokens(in: bytes) : ObjectiveCLexer.tokens(in: bytes)
    }

    /// Kinds and texts, without positions.
    static func lex(_ source: String, _ language: SourceLanguage) -> [LexedToken] {
        let bytes = Array(source.utf8)
        return tokens(source, language).map { token in
            LexedToken(kind: token.kind, text: String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self))
        }
    }

    /// Kinds, texts and positions.
    static func lexWithPositions(_ source: String, _ language: SourceLanguage) -> [LexedToken] {
        let bytes = Array(source.utf8)
        return tokens(source, language).map { token in
            LexedToken(
                kind: token.kind, text: String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self),
                line: token.line, column: token.column)
        }
    }

    /// The texts of identifiers in code that is compiled (not under `#if 0` / `#if false`).
    static func activeIdentifiers(_ source: String, _ language: SourceLanguage) -> [String] {
        let bytes = Array(source.utf8)
        return tokens(source, language)
            .filter { $0.kind == .identifier && !$0.isInactive }
            .map { String(decoding: bytes[Int($0.start)..<Int($0.end)], as: UTF8.self) }
    }
}
