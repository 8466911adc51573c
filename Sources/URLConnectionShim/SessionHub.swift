import Foundation
import Locking
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Owns the shim's URLSessions: one long-lived session per distinct configuration the shim
/// needs (the registered protocol classes, whether credential storage is consulted, and
/// whether the URL cache may answer — see `CacheReadPolicy`), each
/// with one `TaskRouter` as its delegate. Never a session per connection.
///
/// When the registered protocol classes change, sessions built for the old list are told to
/// finish their tasks and invalidate, which releases them and their routers.
final class SessionHub: Sendable {
    static let shared = SessionHub()

    /// A session, the delegate that routes its task events, and where its tasks are started.
    struct Route: Sendable {
        let session: URLSession
        let router: TaskRouter
        let taskStarts: TaskStartLanes
    }

    private struct Key: Hashable {
        let protocolClasses: [ObjectIdentifier]
        let usesCredentialStorage: Bool
        let readsCache: Bool
    }

    /// The URL cache the shim's sessions read, and where the shim stores responses on Linux.
    static let urlCache = URLSessionConfiguration.default.urlCache

    private struct State {
        var routes: [Key: Route] = [:]
        var sessionsCreated = 0
    }

    private let state = Locked(State())

    /// The route for the current protocol classes; creates its session on first use.
    func route(usesCredentialStorage: Bool, readsCache: Bool) -> Route {
        let classes = ProtocolClassRegistry.current
        let key = Key(
            protocolClasses: classes.map(ObjectIdentifier.init), usesCredentialStorage: usesCredentialStorage, readsCache: readsCache)
        var stale: [Route] = []
        let route = state.withLock { state in
            if let existing = state.routes[key] {
                return existing
            }
            for (otherKey, otherRoute) in state.routes where otherKey.protocolClasses != key.protocolClasses {
                stale.append(otherRoute)
                state.routes[otherKey] = nil
            }
            let route = Self.makeRoute(for: key, protocolClasses: classes)
            state.routes[key] = route
            state.sessionsCreated += 1
            return route
        }
        for old in stale {
            old.session.finishTasksAndInvalidate()
        }
        return route
    }

    /// How many sessions the hub has ever created (C19: connections do not create sessions).
    var sessionsCreated: Int {
        state.withLock { $0.sessionsCreated }
    }

    /// Running tasks across every live session; zero once every connection has ended.
    var runningTaskCount: Int {
        state.withLock { $0.routes.values.reduce(0) { $0 + $1.router.registry.count } }
    }

    private static func makeRoute(for key: Key, protocolClasses: [AnyClass]) -> Route {
        let configuration = URLSessionConfiguration.default
        configuration.protocolClasses = protocolClasses + (configuration.protocolClasses ?? [])
        if !key.usesCredentialStorage {
            configuration.urlCredentialStorage = nil
        }
        configuration.urlCache = key.readsCache ? urlCache : nil
        let router = TaskRouter()
        let session = URLSession(configuration: configuration, delegate: router, delegateQueue: SessionEventQueue())
        return Route(session: session, router: router, taskStarts: TaskStartLanes())
    }
}
