import PackagePlugin

// Placeholder: the plugin lands with issue 8.
@main
struct MigrateScanPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        print("migrate-scan plugin: not built yet")
    }
}
