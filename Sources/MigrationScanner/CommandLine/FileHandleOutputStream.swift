import Foundation

/// A `TextOutputStream` onto a file handle, so the command writes to the process's standard
/// streams in the tool and to strings in tests.
public struct FileHandleOutputStream: TextOutputStream {
    public let handle: FileHandle

    public init(_ handle: FileHandle) {
        self.handle = handle
    }

    /// The process's standard output and standard error, unbuffered.
    public static var standardOutput: FileHandleOutputStream { FileHandleOutputStream(.standardOutput) }
    public static var standardError: FileHandleOutputStream { FileHandleOutputStream(.standardError) }

    public mutating func write(_ string: String) {
        guard !string.isEmpty else { return }
        handle.write(Data(string.utf8))
    }
}
