import MigrationScanner

/// Findings of one rule in one file whose lines hash alike, and how many of them there were.
struct BaselineEntry: Sendable, Hashable {
    var ruleID: String
    var path: String
    /// `FindingFingerprint.lineHash`: rule, path and the line's folded text, never its number.
    var lineHash: String
    /// How many findings had this hash, so a second identical line added later is new.
    var count: Int

    init(ruleID: String, path: String, lineHash: String, count: Int) {
        self.ruleID = ruleID
        self.path = path
        self.lineHash = lineHash
        self.count = count
    }
}
