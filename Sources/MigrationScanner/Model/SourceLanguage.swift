/// The languages the scanner lexes.
public enum SourceLanguage: String, Sendable, Hashable, Codable, CaseIterable {
    case swift
    /// Objective-C and Objective-C++ sources and C-family headers (`.m`, `.mm`, `.h`).
    case objectiveC = "objective-c"

    /// The language a file is lexed as, from its path extension; nil for files the scanner does not read.
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "swift": self = .swift
        case "m", "mm", "h": self = .objectiveC
        default: return nil
        }
    }
}
