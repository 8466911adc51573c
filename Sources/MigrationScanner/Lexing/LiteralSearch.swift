import Foundation

/// Finds one literal in a buffer, jumping with `memchr` from one occurrence of its
/// anchor byte to the next and comparing the literal around each.
///
/// Every file the command's prefilter lets through (`SourceScanner(ruleIDs:alsoLookingFor:)`) is
/// searched for the suppression marker `migrate-scan:`, and most have none. Identifier
/// bytes are most of source code; the marker's `-` is about one byte in 300 of real code, so the C
/// library's vectorised `memchr` skips nearly all of a file, where `NamePrefilter` with the marker
/// alone would hash a window every 10 bytes.
struct LiteralSearch: Sendable {
    private let literal: [UInt8]
    /// The index in `literal` of the byte `memchr` looks for: its first byte that cannot be part of
    /// an identifier, or its first byte when every byte can.
    private let anchorOffset: Int

    /// A search for `literal`, which must not be empty.
    init(_ literal: String) {
        precondition(!literal.isEmpty, "an empty literal occurs everywhere")
        self.literal = Array(literal.utf8)
        anchorOffset = self.literal.firstIndex { !ByteClass.isIdentifierContinue($0) } ?? 0
    }

    /// Whether the literal occurs anywhere in `bytes`.
    func occurs(in bytes: [UInt8]) -> Bool {
        firstOffset(in: bytes) != nil
    }

    /// The offset in `bytes` where the literal first occurs, or nil.
    func firstOffset(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            literal.withUnsafeBufferPointer { literal in
                guard buffer.count >= literal.count, let base = buffer.baseAddress, let wanted = literal.baseAddress else {
                    return nil
                }
                // The anchor of an occurrence ending at the buffer's end is the last one that can count.
                let lastAnchor = buffer.count - literal.count + anchorOffset
                var next = anchorOffset
                while next <= lastAnchor,
                    let found = memchr(base + next, Int32(wanted[anchorOffset]), lastAnchor - next + 1)
                {
                    let anchor = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + (anchor - anchorOffset), wanted, literal.count) == 0 { return anchor - anchorOffset }
                    next = anchor + 1
                }
                return nil
            }
        }
    }
}
