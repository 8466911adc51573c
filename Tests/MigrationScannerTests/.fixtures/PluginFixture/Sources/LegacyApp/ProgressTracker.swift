import Foundation

/// Half-migrated: the types were renamed by hand, the Swift 2 labels were not. Compiles, and
/// without the fix the shim would never call these methods (delegate-signature-near-miss).
final class ProgressTracker: NSObject, URLConnectionDataDelegate {
    var events: [String] = []
    var onFinish: (([String]) -> Void)?

    func connection(_ connection: URLConnection, didReceiveData data: NSData) {
        events.append("data \(data.count)")
    }

    func connectionDidFinishLoading(connection: URLConnection) {
        events.append("finish")
        onFinish?(events)
    }
}
