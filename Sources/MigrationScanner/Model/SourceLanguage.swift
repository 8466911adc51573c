/// The languages the scanner lexes.
///
/// The raw values (`swift`, `objective-c`) are the spellings used in reports. A plain `Sendable`
/// value, usable from any thread.
public enum SourceLanguage: String, Sendable, Hashable, Codable, CaseIterable {
    /// Swift sources (`.swift`).
    case swift
    /// Objective-C and Objective-C++ sources and C-family headers (`.m`, `.mm`, `.h`).
    case objectiveC = "objective-c"

    /// The language a file is lexed as, from its path extension; nil for files the scanner does not read.
    ///
    /// - Parameter pathExtension: The extension without the dot, in any case (`swift`, `M`, `mm`, `h`).
    public init?(pathExtension: String) {
        switch pathExtension.lowercased() {
        case "swift": self = .swift
        case "m", "mm", "h": self = .objectiveC
        default: return nil
        }
    }
}
