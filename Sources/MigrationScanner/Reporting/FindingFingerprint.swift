/// Identifies a finding across edits that move it: a hash of the rule id, the path and the text of
/// the finding's line with whitespace folded — never the line number — plus which occurrence of
/// that hash it is within the file, so two identical lines stay distinct.
struct FindingFingerprint: Sendable, Hashable, CustomStringConvertible {
    /// 16 lowercase hex digits: 64-bit FNV-1a, chosen because it is stable across platforms and
    /// releases, unlike `Hasher`, which is seeded per process.
    var lineHash: String
    /// 1-based, in report order among the file's findings with the same `lineHash`.
    var occurrence: Int

    init(lineHash: String, occurrence: Int) {
        self.lineHash = lineHash
        self.occurrence = occurrence
    }

    /// `lineHash:occurrence`, the form GitHub's `primaryLocationLineHash` takes.
    var description: String { "\(lineHash):\(occurrence)" }

    /// The line's text with runs of whitespace folded to one space and the ends trimmed,
    /// so reindenting or realigning code keeps the fingerprint.
    static func normalised(_ lineText: String) -> String {
        lineText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// FNV-1a 64 of `ruleID` NUL `path` NUL normalised line text, as 16 hex digits.
    static func lineHash(ruleID: String, path: String, lineText: String) -> String {
        lineHash(ruleID: ruleID, path: path, lineBytes: Array(lineText.utf8)[...])
    }

    /// `lineHash(ruleID:path:lineText:)` of the line's bytes. An ASCII line is folded byte by
    /// byte — the `String` split cost as much per finding as lexing its file — and gives the
    /// same hash, since ASCII's whitespace characters are exactly 0x09–0x0D and the space.
    static func lineHash(ruleID: String, path: String, lineBytes: ArraySlice<UInt8>) -> String {
        var hash = FNV1a()
        hash.add(ruleID.utf8)
        hash.add(0)
        hash.add(path.utf8)
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
        let hex = String(hash.value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Fingerprints for one file's findings, which must be in report order.
    ///
    /// A line's hash is computed once per rule on it, not once per finding: one long generated line
    /// with thousands of findings would otherwise be hashed thousands of times (quadratic).
    static func assign(to findings: [Finding], lines: SourceLineTable) -> [ReportedFinding] {
        var occurrences: [String: Int] = [:]
        // Report order keeps a line's findings together, so the cache only ever holds one line.
        var cachedLine = 0
        var hashesOnCachedLine: [String: String] = [:]
        return findings.map { finding in
            if finding.line != cachedLine {
                cachedLine = finding.line
                hashesOnCachedLine.removeAll(keepingCapacity: true)
            }
            let hash = hashesOnCachedLine[finding.ruleID] ?? {
                let hash = lineHash(ruleID: finding.ruleID, path: finding.path, lineBytes: lines.bytes(ofLine: finding.line))
                hashesOnCachedLine[finding.ruleID] = hash
                return hash
            }()
            occurrences[hash, default: 0] += 1
            return ReportedFinding(
                finding: finding, fingerprint: FindingFingerprint(lineHash: hash, occurrence: occurrences[hash]!))
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
    }
}
