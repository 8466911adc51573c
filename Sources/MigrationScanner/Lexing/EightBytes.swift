/// Unaligned eight-byte loads, the first byte in the lowest eight bits: the word-at-a-time tests
/// of the lexers (`ByteSearch`, `WordTable`, `TokenRecorder`'s columns) read bytes this way.
enum EightBytes {
    /// The eight bytes from `pointer` on.
    @inline(__always)
    static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// The eight bytes from `bytes[index]` on, which must lie inside `bytes`.
    @inline(__always)
    static func load(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
        load(bytes.baseAddress! + index)
    }

    /// The mask of a loaded word's first `count` bytes, for `count` in `0..<8`: a stretch shorter
    /// than a word is read as a whole word and masked where eight bytes lie inside the buffer.
    @inline(__always)
    static func firstBytesMask(_ count: Int) -> UInt64 {
        (1 << UInt64(8 * count)) - 1
    }
}
