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

    /// `urlCache` as the sessions read it: on Linux only a response stored for the request's own
    /// URL answers it (`ExactMatchURLCache`).
    private static let readableCache: URLCache? = {
        #if canImport(FoundationNetworking)
        urlCache.map(ExactMatchURLCache.init(storage:))
        #else
        urlCache
        #endif
    }()

    private struct State {
        var routes: [Key: Route] = [:]
        var sessionsCreated = 0
        /// How many tasks each session is making right now (`makeDataTask`), by session.
        var tasksBeingMade: [ObjectIdentifier: Int] = [:]
        /// Sessions retired while they were making a task: the last of those tasks retires them.
        var retiredWhileMakingTasks: Set<ObjectIdentifier> = []
    }

    private let state = Locked(State())

    /// The route for the current protocol classes; creates its session on first use.
    func route(usesCredentialStorage: Bool, readsCache: Bool) -> Route {
        currentRoute(usesCredentialStorage: usesCredentialStorage, readsCache: readsCache, makingTask: false)
    }

    /// Makes a data task for `request`, with the cookies the shim chose for it (`CookieHeader`), on
    /// the route for the current protocol classes.
    ///
    /// Classes registered or unregistered while the task is made do not retire its session until
    /// the task exists: URLSession traps ("Session invalidated") when a retired session makes a
    /// task, and a retired session still finishes the tasks it has (the task is in the session's
    /// registry before the invalidation, both going through its serial work queue in that order).
    /// The task is made outside the hub's lock: making it waits for the session's work queue, which
    /// may be busy, and every route lookup would wait with it. No connection of the session waits
    /// for its delegate in the work queue from here until the caller, once it has registered and
    /// resumed the task, calls `route.router.flowControl.endWork()` (C29).
    func makeDataTask(with request: URLRequest, usesCredentialStorage: Bool, readsCache: Bool) -> (task: URLSessionDataTask, route: Route) {
        let route = currentRoute(usesCredentialStorage: usesCredentialStorage, readsCache: readsCache, makingTask: true)
        let withCookies = CookieHeader.adding(to: request)
        route.router.flowControl.beginWork()
        let task = route.session.dataTask(with: withCookies)
        let sessionID = ObjectIdentifier(route.session)
        let retires = state.withLock { state -> Bool in
            state.tasksBeingMade[sessionID, default: 0] -= 1
            guard state.tasksBeingMade[sessionID] == 0 else { return false }
            state.tasksBeingMade[sessionID] = nil
            return state.retiredWhileMakingTasks.remove(sessionID) != nil
        }
        if retires {
            route.session.finishTasksAndInvalidate()
        }
        return (task, route)
    }

    /// Whether a task is being made or a session waits to be retired once it is (tests check
    /// that this bookkeeping empties).
    var isMakingTasks: Bool {
        state.withLock { !$0.tasksBeingMade.isEmpty || !$0.retiredWhileMakingTasks.isEmpty }
    }

    /// The route for the current protocol classes, counting a task being made on it when
    /// `makingTask`; retires the sessions of other classes, those making a task once it is made.
    private func currentRoute(usesCredentialStorage: Bool, readsCache: Bool, makingTask: Bool) -> Route {
        var stale: [Route] = []
        let route = state.withLock { state in
            // Read inside the hub's lock (the registry's own lock is taken last, never the other
            // way round): a lookup that read the classes before a change could otherwise retire
            // the session of the classes after it.
            let classes = ProtocolClassRegistry.current
            let key = Key(
                protocolClasses: classes.map(ObjectIdentifier.init), usesCredentialStorage: usesCredentialStorage,
                readsCache: readsCache)
            let route: Route
            if let existing = state.routes[key] {
                route = existing
            } else {
                for (otherKey, otherRoute) in state.routes where otherKey.protocolClasses != key.protocolClasses {
                    state.routes[otherKey] = nil
                    let sessionID = ObjectIdentifier(otherRoute.session)
                    if state.tasksBeingMade[sessionID] != nil {
                        state.retiredWhileMakingTasks.insert(sessionID)
                    } else {
                        stale.append(otherRoute)
                    }
                }
                route = Self.makeRoute(for: key, protocolClasses: classes)
                state.routes[key] = route
                state.sessionsCreated += 1
            }
            if makingTask {
                state.tasksBeingMade[ObjectIdentifier(route.session), default: 0] += 1
            }
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
        configuration.urlCache = key.readsCache ? readableCache : nil
        // The shim chooses the cookies a request carries and stores those a response sets
        // (`CookieHeader`, `CookieAcceptance`), as RFC 6265 says; URLSession handles none.
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        let router = TaskRouter()
        let session = URLSession(configuration: configuration, delegate: router, delegateQueue: SessionEventQueue())
        return Route(session: session, router: router, taskStarts: TaskStartLanes())
    }
}
