extension SourceLanguage {
    /// The language of a file named `name` (one path component), as `init?(pathExtension:)` gives
    /// it for the name's extension.
    ///
    /// Discovery asks this of every directory entry. For an ASCII name the dot is found in its
    /// bytes; `FileSystemPath.pathExtension` searches `Character`s, about 1,500 instructions a name,
    /// and is kept for other names, where a combining mark can make a dot part of a larger character.
    init?(fileName name: String) {
        let bytes = name.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            self.init(pathExtension: FileSystemPath.pathExtension(name))
            return
        }
        // A leading dot starts a hidden name, not an extension: ".swift" has none.
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex else { return nil }
        self.init(pathExtension: String(decoding: bytes[bytes.index(after: dot)...], as: UTF8.self))
    }
}
