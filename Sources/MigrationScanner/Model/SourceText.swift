/// A file's bytes as text the fixer can move and rebuild, whatever the file's encoding: bytes
/// that are not UTF-8 (Latin-1, Shift-JIS, a broken sequence) each become a scalar of a private
/// range, and come back as that byte when the text is written. `String(decoding:as:)` would turn
/// them into U+FFFD, silently.
///
/// A scalar of the private range that the file itself holds (valid UTF-8) is kept the same way, as
/// its four bytes, so every byte sequence comes back unchanged; text the emitters write holds none.
package enum SourceText {
    /// The scalar standing for byte `0x80 + n` is `escapeBase + 0x80 + n` (in Supplementary
    /// Private Use Area-B).
    private static let escapeBase: UInt32 = 0x10_FE00
    private static let escapes: ClosedRange<UInt32> = (escapeBase + 0x80)...(escapeBase + 0xFF)

    /// The text of `bytes`, which `bytes(of:)` turns back into exactly `bytes`.
    package static func string<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        let bytes = Array(bytes)
        var scalars = String.UnicodeScalarView()
        var offset = 0
        while offset < bytes.count {
            let length = Self.sequenceLength(in: bytes, at: offset)
            let sequence = bytes[offset..<(offset + max(length, 1))]
            let value = length == 0 ? nil : Self.scalarValue(sequence)
            if let value, !escapes.contains(value) {
                scalars.append(Unicode.Scalar(value)!)
            } else {
                for byte in sequence { scalars.append(Unicode.Scalar(escapeBase + UInt32(byte))!) }
            }
            offset += sequence.count
        }
        return String(scalars)
    }

    /// The bytes `text` stands for: its UTF-8, with each escaped byte back as itself.
    package static func bytes(of text: String) -> [UInt8] {
        // Every escape's UTF-8 starts with F4: text without that byte is its own UTF-8.
        guard text.utf8.contains(0xF4) else { return Array(text.utf8) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if escapes.contains(scalar.value) {
                bytes.append(UInt8(scalar.value - escapeBase))
            } else {
                bytes += UTF8.encode(scalar)!
            }
        }
        return bytes
    }

    /// How many bytes `bytes(of: text)` has.
    package static func byteCount(of text: String) -> Int {
        text.utf8.contains(0xF4) ? bytes(of: text).count : text.utf8.count
    }

    /// The scalar a well-formed sequence encodes.
    private static func scalarValue(_ sequence: ArraySlice<UInt8>) -> UInt32 {
        let leadBits: UInt8 = [0x7F, 0x1F, 0x0F, 0x07][sequence.count - 1]
        return sequence.dropFirst().reduce(UInt32(sequence.first! & leadBits)) { $0 << 6 | UInt32($1 & 0x3F) }
    }

    /// The length of the well-formed UTF-8 sequence at `offset` (Unicode 15, table 3-7), 0 if none starts there.
    private static func sequenceLength(in bytes: [UInt8], at offset: Int) -> Int {
        func byte(_ index: Int, in range: ClosedRange<UInt8>) -> Bool {
            offset + index < bytes.count && range.contains(bytes[offset + index])
        }
        let continuation: ClosedRange<UInt8> = 0x80...0xBF
        switch bytes[offset] {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return byte(1, in: continuation) ? 2 : 0
        case 0xE0: return byte(1, in: 0xA0...0xBF) && byte(2, in: continuation) ? 3 : 0
        case 0xED: return byte(1, in: 0x80...0x9F) && byte(2, in: continuation) ? 3 : 0
        case 0xE1...0xEF: return byte(1, in: continuation) && byte(2, in: continuation) ? 3 : 0
        case 0xF0: return byte(1, in: 0x90...0xBF) && byte(2, in: continuation) && byte(3, in: continuation) ? 4 : 0
        case 0xF1...0xF3: return byte(1, in: continuation) && byte(2, in: continuation) && byte(3, in: continuation) ? 4 : 0
        case 0xF4: return byte(1, in: 0x80...0x8F) && byte(2, in: continuation) && byte(3, in: continuation) ? 4 : 0
        default: return 0
        }
    }
}
