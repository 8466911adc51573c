/// Why the plugin failed, shown by SwiftPM as the command's error.
struct PluginFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
