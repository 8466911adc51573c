import SeededRandomness

/// Rewrites a file's line breaks the ways editors and checkouts on other systems leave them.
enum LineEndingMutation: CaseIterable {
    case crlf, loneCR, mixed, noFinalNewline, byteOrderMark, byteOrderMarkMidFile

    func apply(to bytes: inout [UInt8], using random: inout SeededRandom) {
        switch self {
        case .crlf: bytes = Self.replacingLineFeeds(in: bytes) { _ in [0x0D, 0x0A] }
        case .loneCR: bytes = Self.replacingLineFeeds(in: bytes) { _ in [0x0D] }
        case .mixed:
            let choices: [[UInt8]] = [[0x0A], [0x0D, 0x0A], [0x0D]]
            bytes = Self.replacingLineFeeds(in: bytes) { _ in random.pick(choices) }
        case .noFinalNewline:
            while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast() }
        case .byteOrderMark: bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: 0)
        case .byteOrderMarkMidFile:
            bytes.insert(contentsOf: [0xEF, 0xBB, 0xBF], at: Int.random(in: 0...bytes.count, using: &random))
        }
    }

    /// Every LF that is not part of a CRLF replaced by what `ending` gives.
    private static func replacingLineFeeds(in bytes: [UInt8], _ ending: (Int) -> [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 16)
        for (offset, byte) in bytes.enumerated() {
            if byte == 0x0A && (offset == 0 || bytes[offset - 1] != 0x0D) {
                result += ending(offset)
            } else {
                result.append(byte)
            }
        }
        return result
    }
}
