import MigrationScanner

/// A `TextOutputStream` that also takes bytes that are not text.
///
/// `--diff` prints a file's lines as they are, and a source file need not be valid UTF-8; a
/// `String` cannot hold such bytes (decoding replaces them with U+FFFD), and a diff whose lines
/// differ from the file's no longer applies. Give the command a `ByteOutputStream` as its standard
/// output (`FileHandleOutputStream` is one) and it writes those bytes unchanged.
package protocol ByteOutputStream: TextOutputStream {
    /// Writes `bytes` unchanged.
    mutating func write(bytes: [UInt8])
}

extension TextOutputStream {
    /// Writes `bytes` unchanged to a `ByteOutputStream`; to any other stream, as text decoded from
    /// UTF-8, each invalid sequence replaced with U+FFFD.
    mutating func writeBytes(_ bytes: [UInt8]) {
        guard var byteStream = self as? any ByteOutputStream else {
            write(String(decoding: bytes, as: UTF8.self))
            return
        }
        byteStream.write(bytes: bytes)
        // A stream of value type wrote into the copy the cast made: that copy is now the stream.
        if let written = byteStream as? Self { self = written }
    }
}
