extension SourceLanguage {
    /// The language of a file named `name` (one path component), as `init?(pathExtension:)` gives
    /// it for the name's extension.
    init?(fileName name: String) {
        var name = name
        switch name.withUTF8(Self.language(ofASCIIName:)) {
        case .some(let language?): self = language
        case .some(nil): return nil
        case nil: self.init(pathExtension: FileSystemPath.pathExtension(name))
        }
    }

    /// For an ASCII name, `.some` of its language (nil when it names no source file); nil for any
    /// other name, which `init?(pathExtension:)` must judge.
    ///
    /// Discovery asks this of every directory entry, from the bytes `readdir` gives, before making
    /// a `String` of the name. In an ASCII name the extension follows the last dot, and matching it
    /// without regard to case is `lowercased()`'s answer; `FileSystemPath.pathExtension` searches
    /// `Character`s (about 1,500 instructions a name) and is kept for other names, where a
    /// combining mark can make a dot part of a larger character.
    static func language(ofASCIIName bytes: UnsafeBufferPointer<UInt8>) -> SourceLanguage?? {
        var dot = -1
        for index in bytes.indices {
            let byte = bytes[index]
            if byte >= 0x80 { return nil }
            if byte == UInt8(ascii: ".") { dot = index }
        }
        // A leading dot starts a hidden name, not an extension: ".swift" has none.
        guard dot > 0 else { return .some(nil) }
        let extensionBytes = UnsafeBufferPointer(rebasing: bytes[(dot + 1)...])
        // ORing 0x20 lowers an ASCII capital and makes no other byte a lowercase letter.
        func isExtension(_ lowercase: StaticString) -> Bool {
            guard extensionBytes.count == lowercase.utf8CodeUnitCount else { return false }
            return zip(extensionBytes, UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount))
                .allSatisfy { $0 | 0x20 == $1 }
        }
        if isExtension("swift") { return .some(.swift) }
        if isExtension("m") || isExtension("mm") || isExtension("h") { return .some(.objectiveC) }
        return .some(nil)
    }
}
