import Foundation
import MigrationScanner

/// A `TextOutputStream` onto a file handle, so the command writes to the process's standard
/// streams in the tool and to strings in tests; a `ByteOutputStream`, so `--diff` of a file that
/// is not valid UTF-8 reaches the handle with the file's own bytes.
///
/// Retains its file handle (and so keeps the descriptor open while the stream lives). Nothing is
/// buffered: each `write(_:)` hands its bytes to the handle at once, on the caller's thread.
package struct FileHandleOutputStream: ByteOutputStream {
    /// The handle every write goes to.
    package let handle: FileHandle

    /// Creates a stream that writes to `handle`.
    ///
    /// - Parameter handle: The file handle to write to; the stream retains it.
    package init(_ handle: FileHandle) {
        self.handle = handle
    }

    /// A stream onto the process's standard output, unbuffered.
    package static var standardOutput: FileHandleOutputStream { FileHandleOutputStream(.standardOutput) }
    /// A stream onto the process's standard error, unbuffered.
    package static var standardError: FileHandleOutputStream { FileHandleOutputStream(.standardError) }

    /// Writes `string`'s UTF-8 bytes to the handle, synchronously on the caller's thread.
    ///
    /// An empty string writes nothing. Failures are handled as `FileHandle.write(_:)` handles
    /// them: nothing is thrown or returned to the caller.
    ///
    /// - Parameter string: The text to write.
    package mutating func write(_ string: String) {
        write(bytes: Array(string.utf8))
    }

    /// Writes `bytes` unchanged to the handle, synchronously on the caller's thread; as
    /// `write(_:)`, nothing for no bytes and no failure reported.
    ///
    /// - Parameter bytes: The bytes to write, whether or not they are UTF-8.
    package mutating func write(bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        handle.write(Data(bytes))
    }
}
