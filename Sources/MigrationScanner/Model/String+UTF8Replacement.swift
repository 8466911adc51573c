extension String {
    /// `self` with some characters replaced, in one pass over its UTF-8 bytes: `replacement` is
    /// asked about the character starting at each byte index it is given and answers what replaces
    /// it (nil: kept) and how many bytes it spans. The runs between replacements are copied as
    /// they are, and a string with nothing to replace is returned as it is, without a copy.
    ///
    /// The reports' escaping (XML, GitHub's workflow commands) ran scalar by scalar, appending each
    /// to a new string: over 76,422 findings that was most of a JUnit report's time.
    func replacingUTF8(
        _ replacement: (_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> (replacement: StaticString?, length: Int)
    ) -> String {
        var text = self
        let replaced = text.withUTF8 { bytes -> String? in
            var output: [UInt8] = []
            var copiedUpTo = 0
            var index = 0
            while index < bytes.count {
                let (replacement, length) = replacement(index, bytes)
                if let replacement {
                    if output.isEmpty { output.reserveCapacity(bytes.count + 64) }
                    output.append(contentsOf: bytes[copiedUpTo..<index])
                    replacement.withUTF8Buffer { output.append(contentsOf: $0) }
                    copiedUpTo = index + length
                }
                index += length
            }
            guard !output.isEmpty else { return nil }
            output.append(contentsOf: bytes[copiedUpTo...])
            return String(decoding: output, as: UTF8.self)
        }
        return replaced ?? self
    }
}
