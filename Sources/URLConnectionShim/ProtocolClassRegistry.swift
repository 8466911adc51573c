import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLProtocol classes registered through `URLConnection.registerProtocolClass(_:)`,
/// newest first — the order in which NSURLConnection consulted registered classes.
///
/// The shim needs its own list because Linux's URLSession consults `URLProtocol.registerClass`
/// only for `URLSession.shared`, never for sessions built from a configuration, and neither
/// platform lets a program read the registered list back.
enum ProtocolClassRegistry {
    private static let classes = Locked<[AnyClass]>([])

    static var current: [AnyClass] {
        classes.withLock { $0 }
    }

    static func register(_ protocolClass: AnyClass) -> Bool {
        guard protocolClass is URLProtocol.Type else { return false }
        classes.withLock { classes in
            classes.removeAll { $0 == protocolClass }
            classes.insert(protocolClass, at: 0)
        }
        return true
    }

    static func unregister(_ protocolClass: AnyClass) {
        classes.withLock { classes in
            classes.removeAll { $0 == protocolClass }
        }
    }
}
