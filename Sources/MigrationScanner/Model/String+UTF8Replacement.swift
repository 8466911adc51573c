extension String {
    /// `self` with some characters replaced, in one pass over its UTF-8 bytes, the runs between
    /// replacements copied as they are; a string with nothing to replace is returned as it is,
    /// without a copy.
    ///
    /// `replacement` is asked at index 0, then at each index its last answer leads to: what replaces
    /// the bytes starting there (nil: kept) and how many bytes that is, at least 1 and ending on a
    /// character boundary within `bytes`. Answering 1 for a byte it keeps, it is also asked at the
    /// continuation bytes of a multi-byte character, which never equal an ASCII byte or a lead byte.
    ///
    /// The reports' escaping went scalar by scalar, or character by character, appending each to a
    /// new string: over 76,422 findings that was most of a JUnit report's time.
    func replacingUTF8(
        _ replacement: (_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> (replacement: StaticString?, length: Int)
    ) -> String {
        var text = self
        let replaced = text.withUTF8 { bytes -> String? in
            var output: [UInt8] = []
            var replacedAny = false
            var copiedUpTo = 0
            var index = 0
            while index < bytes.count {
                let (replacement, length) = replacement(index, bytes)
                precondition(length > 0 && index + length <= bytes.count, "a replacement spans bytes past the text")
                if let replacement {
                    if !replacedAny { output.reserveCapacity(bytes.count + 64) }
                    replacedAny = true
                    output.append(contentsOf: bytes[copiedUpTo..<index])
                    replacement.withUTF8Buffer { output.append(contentsOf: $0) }
                    copiedUpTo = index + length
                }
                index += length
            }
            guard replacedAny else { return nil }
            output.append(contentsOf: bytes[copiedUpTo...])
            return String(decoding: output, as: UTF8.self)
        }
        return replaced ?? self
    }
}
