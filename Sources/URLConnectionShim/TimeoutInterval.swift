import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The timeout a request is sent with.
///
/// Linux's URLSession works in whole seconds: a `timeoutInterval` under one second fails the
/// load almost at once (about 10 ms for 0.5 s) instead of after the interval. The shim sends
/// such requests with one second there, so a short timeout fires a little late rather than
/// before the server had a chance. Apple platforms honour fractions and are left alone.
enum TimeoutInterval {
    static func applied(to request: URLRequest) -> URLRequest {
        #if canImport(FoundationNetworking)
        guard request.timeoutInterval > 0, request.timeoutInterval < 1 else { return request }
        var adjusted = request
        adjusted.timeoutInterval = 1
        return adjusted
        #else
        return request
        #endif
    }
}
