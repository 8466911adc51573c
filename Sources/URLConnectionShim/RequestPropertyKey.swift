import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A typed key for a value attached to a `URLRequest`: which file an upload belongs to, a
/// "handled" tag for a URLProtocol, anything a load's observers must read back.
///
/// The replacement for `URLProtocol.setProperty(_:forKey:in:)`, whose values Linux's Foundation
/// drops whenever the request is copied or bridged. Values set through a key survive copies,
/// bridging, redirects and URLProtocol canonicalisation on every platform, and are read back in
/// a URLProtocol's `canInit(with:)` / `startLoading()` and through a connection's
/// `originalRequest` and `currentRequest`.
///
/// How it is carried: encoded as JSON into the request's `mainDocumentURL` under the
/// `x-request-properties:` scheme — a field Foundation copies with the request but never sends,
/// so a server sees nothing of it. A request that needs a real `mainDocumentURL` (the
/// "only from main document domain" cookie policy) cannot carry properties.
public struct RequestPropertyKey<Value: Codable & Sendable>: Hashable, Sendable {
    /// The name the value is stored under; keys with the same name address the same value.
    public let name: String

    /// A key for the value stored under `name`.
    public init(_ name: String) {
        self.name = name
    }
}

extension URLRequest {
    /// The value stored under `key`, or nil. Set nil to remove it.
    public subscript<Value>(property key: RequestPropertyKey<Value>) -> Value? {
        get {
            guard let encoded = RequestProperties(carrier: mainDocumentURL)?.values[key.name] else { return nil }
            return try? JSONDecoder().decode(Value.self, from: encoded)
        }
        set {
            var properties = RequestProperties(carrier: mainDocumentURL) ?? RequestProperties()
            properties.values[key.name] = try? newValue.map { try JSONEncoder().encode($0) }
            mainDocumentURL = properties.carrier
        }
    }

    /// The request without any property, as a URLProtocol should forward it.
    public func removingProperties() -> URLRequest {
        guard RequestProperties(carrier: mainDocumentURL) != nil else { return self }
        var stripped = self
        stripped.mainDocumentURL = nil
        return stripped
    }
}

/// The encoded form of a request's properties: a name → JSON map inside a URL.
struct RequestProperties {
    static let scheme = "x-request-properties"
    var values: [String: Data] = [:]

    init() {}

    init?(carrier: URL?) {
        guard let carrier, carrier.scheme == Self.scheme,
              let payload = carrier.absoluteString.dropFirst(Self.scheme.count + 1).removingPercentEncoding,
              let data = Data(base64Encoded: payload),
              let values = try? JSONDecoder().decode([String: Data].self, from: data)
        else { return nil }
        self.values = values
    }

    /// The URL carrying the values; nil when there are none.
    var carrier: URL? {
        guard !values.isEmpty, let data = try? JSONEncoder().encode(values) else { return nil }
        let payload = data.base64EncodedString().addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        return URL(string: "\(Self.scheme):\(payload)")
    }
}
