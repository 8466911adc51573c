/// Identifies a finding across edits that move it: a hash of the rule id, the path and the text of
/// the finding's line with whitespace folded — never the line number — plus which occurrence of
/// that hash it is within the file, so two identical lines stay distinct.
package struct FindingFingerprint: Sendable, Hashable, CustomStringConvertible {
    /// 16 lowercase hex digits: 64-bit FNV-1a, chosen because it is stable across platforms and
    /// releases, unlike `Hasher`, which is seeded per process.
    package var lineHash: String
    /// 1-based, in report order among the file's findings with the same `lineHash`.
    var occurrence: Int

    init(lineHash: String, occurrence: Int) {
        self.lineHash = lineHash
        self.occurrence = occurrence
    }

    /// `lineHash:occurrence`, the form GitHub's `primaryLocationLineHash` takes.
    package var description: String { "\(lineHash):\(occurrence)" }

    /// The line's text with runs of whitespace folded to one space and the ends trimmed,
    /// so reindenting or realigning code keeps the fingerprint.
    static func normalised(_ lineText: String) -> String {
        lineText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// FNV-1a 64 of `ruleID` NUL `path` NUL normalised line text, as 16 hex digits.
    package static func lineHash(ruleID: String, path: String, lineText: String) -> String {
        lineHash(ruleID: ruleID, path: path, lineBytes: Array(lineText.utf8)[...])
    }

    /// `lineHash(ruleID:path:lineText:)` of the line's bytes. An ASCII line is folded byte by
    /// byte — the `String` split cost as much per finding as lexing its file — and gives the
    /// same hash, since ASCII's whitespace characters are exactly 0x09–0x0D and the space.
    package static func lineHash(ruleID: String, path: String, lineBytes: ArraySlice<UInt8>) -> String {
        hexDigits(lineHashValue(ruleID: ruleID, path: path, lineBytes: lineBytes))
    }

    /// The 64-bit value `lineHash(ruleID:path:lineBytes:)` writes in hex.
    private static func lineHashValue(ruleID: String, path: String, lineBytes: ArraySlice<UInt8>) -> UInt64 {
        var hash = FNV1a()
        hash.add(ruleID)
        hash.add(0)
        hash.add(path)
        hash.add(0)
        if lineBytes.allSatisfy({ $0 < 0x80 }) {
            var hasWord = false
            var spaceIsPending = false
            for byte in lineBytes {
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    spaceIsPending = hasWord
                    continue
                }
                if spaceIsPending { hash.add(0x20) }
                spaceIsPending = false
                hasWord = true
                hash.add(byte)
            }
        } else {
            hash.add(normalised(String(decoding: lineBytes, as: UTF8.self)).utf8)
        }
        return hash.value
    }

    /// `value` as 16 lowercase hex digits, written straight into the string's bytes.
    private static func hexDigits(_ value: UInt64) -> String {
        String(unsafeUninitializedCapacity: 16) { digits in
            for index in 0..<16 {
                let nibble = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * index)) & 0xF
                digits[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            }
            return 16
        }
    }

    /// Fingerprints for one file's findings, which must be in report order. `pathPrefix` leads each
    /// finding's path in the hash: the root's path from the top of its git work tree, so a finding
    /// keeps its fingerprint whichever directory of the repository a scan starts from.
    ///
    /// A line's hash is computed once per rule on it, not once per finding: one long generated line
    /// with thousands of findings would otherwise be hashed thousands of times (quadratic).
    static func assign(to findings: [Finding], lines: SourceLineTable, pathPrefix: String = "") -> [ReportedFinding] {
        // Counted by the hash's value, not its text: hashing strings was most of this function.
        var occurrences: [UInt64: Int] = [:]
        // Report order keeps a line's findings together, so the cache only ever holds one line's
        // hashes, one per rule: a handful, searched in order.
        var cachedLine = 0
        var hashesOnCachedLine: [(ruleID: String, value: UInt64, text: String)] = []
        return findings.map { finding in
            if finding.line != cachedLine {
                cachedLine = finding.line
                hashesOnCachedLine.removeAll(keepingCapacity: true)
            }
            let hash = hashesOnCachedLine.first { $0.ruleID == finding.ruleID } ?? {
                let path = pathPrefix.isEmpty ? finding.path : pathPrefix + finding.path
                let value = lineHashValue(ruleID: finding.ruleID, path: path, lineBytes: lines.bytes(ofLine: finding.line))
                let hash = (ruleID: finding.ruleID, value: value, text: hexDigits(value))
                hashesOnCachedLine.append(hash)
                return hash
            }()
            let occurrence = occurrences[hash.value, default: 0] + 1
            occurrences[hash.value] = occurrence
            return ReportedFinding(finding: finding, fingerprint: FindingFingerprint(lineHash: hash.text, occurrence: occurrence))
        }
    }

    private struct FNV1a {
        private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add(_ byte: UInt8) {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }

        mutating func add(_ bytes: some Sequence<UInt8>) {
            for byte in bytes { add(byte) }
        }

        /// A string's bytes from its contiguous storage, not through `String.UTF8View`'s iterator.
        mutating func add(_ string: String) {
            var string = string
            string.withUTF8 { add($0) }
        }
    }
}
