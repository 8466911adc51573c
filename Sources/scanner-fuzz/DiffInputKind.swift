/// What a file holds that `--diff` must reproduce byte for byte, for the report of the `--diff`
/// checks: a disagreement on a CRLF file and one on invalid UTF-8 are different problems.
enum DiffInputKind: String, CaseIterable {
    /// Valid UTF-8 whose every line ends in LF, the last one included (or an empty file).
    case lf = "LF, valid UTF-8"
    /// Valid UTF-8 with some CR, or a last line without a terminator.
    case otherLineEndings = "CRLF, CR, mixed or no final newline"
    /// Bytes that are not UTF-8: a unified diff built from decoded text replaces them.
    case invalidUTF8 = "invalid UTF-8"

    init(of bytes: [UInt8]) {
        if String(validating: bytes, as: UTF8.self) == nil {
            self = .invalidUTF8
        } else {
            self = !bytes.contains(0x0D) && (bytes.isEmpty || bytes.last == 0x0A) ? .lf : .otherLineEndings
        }
    }
}
