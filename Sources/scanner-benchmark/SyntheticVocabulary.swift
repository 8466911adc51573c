import SeededRandomness

/// Words the synthetic sources are made of, shared by both languages so names, comments and
/// strings look alike in Swift and Objective-C files.
enum SyntheticVocabulary {
    static let nouns = [
        "account", "avatar", "badge", "cache", "cart", "comment", "config", "cursor", "draft", "entry", "feed",
        "filter", "header", "image", "invoice", "item", "layout", "message", "order", "page", "payload",
        "profile", "query", "record", "session", "setting", "thumbnail", "token", "user", "value",
    ]
    static let verbs = ["load", "parse", "render", "update", "fetch", "store", "merge", "validate", "reset", "apply"]
    static let typeSuffixes = ["Controller", "Store", "Model", "View", "Cell", "Service", "Parser", "Coordinator"]
    /// Prose for comments and strings, with non-ASCII so columns are counted in scalars, not bytes.
    static let phrases = [
        "keeps the list in sync with the server", "retries once on a timeout", "runs on the main queue",
        "the café menu is cached for an hour", "日本語のテキストを表示する", "handles the 🧪 experiment flag",
        "see the migration notes before changing this", "width in points, not pixels",
        "called after the view appears", "empty until the first page arrives",
    ]
    /// Legacy names written where they are not code: ripgrep counts them, the scanner must not.
    static let legacyMentions = [
        "NSURLConnection", "sendSynchronousRequest", "UIWebView", "completionHandler", "URLSession",
        "connectionDidFinishLoading:", "NSURLDownload", "AFHTTPRequestOperation",
    ]

    static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// `loadFeedEntry`-style member names.
    static func memberName(using random: inout SeededRandom) -> String {
        random.pick(verbs) + capitalized(random.pick(nouns)) + capitalized(random.pick(nouns))
    }

    /// `FeedController`-style type names, numbered so files do not all declare the same types.
    static func typeName(number: Int, using random: inout SeededRandom) -> String {
        capitalized(random.pick(nouns)) + random.pick(typeSuffixes) + String(number)
    }

    static func phrase(using random: inout SeededRandom) -> String {
        random.chance(0.08) ? "replaces the old \(random.pick(legacyMentions)) path" : random.pick(phrases)
    }
}
