import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The timeout a request is handed to URLSession with.
///
/// The shim enforces the request's own interval (`TimeoutWatchdog`); URLSession gets a later
/// backstop — the interval rounded up to whole seconds, plus one — so it never fires first.
/// Linux's URLSession works in whole seconds and would fail a sub-second interval at once.
enum TimeoutInterval {
    static func backstop(for request: URLRequest) -> URLRequest {
        guard request.timeoutInterval > 0 else { return request }
        var backstopped = request
        backstopped.timeoutInterval = request.timeoutInterval.rounded(.up) + 1
        return backstopped
    }
}
