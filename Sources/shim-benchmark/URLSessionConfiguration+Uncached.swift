import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSessionConfiguration {
    /// The default configuration without a URL cache, for the variants the shim is compared with.
    ///
    /// Linux's URLSession answers from the cache whatever the request's cache policy, and the shim
    /// stores cacheable responses in the shared cache: a raw session with the default
    /// configuration would be served, without a network round trip, what the shim stored for the
    /// same URL in the same process (against nginx's static files, raw ran 3× faster for that alone).
    static var uncachedDefault: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.default
        configuration.urlCache = nil
        return configuration
    }
}
