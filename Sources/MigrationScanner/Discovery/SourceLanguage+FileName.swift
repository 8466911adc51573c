extension SourceLanguage {
    /// The language of a file named `name` (one path component), as `init?(pathExtension:)` gives
    /// it for the name's extension.
    init?(fileName name: String) {
        var name = name
        guard let language = name.withUTF8(Self.init(fileNameBytes:)) else { return nil }
        self = language
    }

    /// The language of the file whose name's UTF-8 bytes are `bytes`, as `init?(fileName:)` gives it.
    ///
    /// Discovery asks this of every directory entry, from the bytes `readdir` gives, before making
    /// a `String` of the name. In an ASCII name the extension follows the last dot, and matching it
    /// without regard to case is `lowercased()`'s answer; `FileSystemPath.pathExtension` searches
    /// `Character`s, far slower, and is kept for other names, where a
    /// combining mark can make a dot part of a larger character.
    init?(fileNameBytes bytes: UnsafeBufferPointer<UInt8>) {
        var dot = -1
        for index in bytes.indices {
            let byte = bytes[index]
            if byte >= 0x80 {
                self.init(pathExtension: FileSystemPath.pathExtension(String(decoding: bytes, as: UTF8.self)))
                return
            }
            if byte == UInt8(ascii: ".") { dot = index }
        }
        // A leading dot starts a hidden name, not an extension: ".swift" has none.
        guard dot > 0 else { return nil }
        let extensionBytes = UnsafeBufferPointer(rebasing: bytes[(dot + 1)...])
        // ORing 0x20 lowers an ASCII capital and makes no other byte a lowercase letter.
        func isExtension(_ lowercase: StaticString) -> Bool {
            guard extensionBytes.count == lowercase.utf8CodeUnitCount else { return false }
            return zip(extensionBytes, UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount))
                .allSatisfy { $0 | 0x20 == $1 }
        }
        if isExtension("swift") {
            self = .swift
        } else if isExtension("m") || isExtension("mm") || isExtension("h") {
            self = .objectiveC
        } else {
            return nil
        }
    }
}
