/// The members the Swift URLSession emitter adds to a migrated class: its session, the methods
/// that create tasks in it, and the one that ends the session after its last task. Text, so the
/// diff shows exactly what a reader will maintain.
enum SwiftSessionSupport {
    /// The members, each line indented by `indent`, for the creation sites `sites`; they begin
    /// and end with a blank line.
    static func members(for sites: [ConnectionMigrationPlan.CreationSite], indent: String) -> String {
        var text = """

            // MARK: URLSession (migrate-scan --fix --to urlsession)

            /// The one session of this object's tasks. It is created with the queue NSURLConnection
            /// delivered on: the main queue when the first task starts on the main thread (whose run
            /// loop delivered a connection started there), a serial queue of the session's own
            /// otherwise. A session retains its delegate until it is invalidated, which happens after
            /// its last task ends.
            private var connectionSession: URLSession?
            private var connectionSessionTaskCount = 0

            /// A task of the session, not started: `resume()` starts it, as `start()` started the
            /// connection. Never nil, but optional as the connection's failable initialiser was.
            private func suspendedSessionDataTask(with request: URLRequest) -> URLSessionDataTask? {
                if connectionSession == nil {
                    connectionSession = URLSession(configuration: .default, delegate: self,
                                                   delegateQueue: Thread.isMainThread ? OperationQueue.main : nil)
                }
                connectionSessionTaskCount += 1
                return connectionSession?.dataTask(with: request)
            }

            """
        if sites.contains(where: \.startsImmediately) {
            text += """

                /// A task already started, as a connection created with `startImmediately` true was.
                private func startedSessionDataTask(with request: URLRequest) -> URLSessionDataTask? {
                    let task = suspendedSessionDataTask(with: request)
                    task?.resume()
                    return task
                }

                """
        }
        text += """

            /// Ends the session after its last task and says whether the task was cancelled:
            /// NSURLConnection's `cancel()` told its delegate nothing, URLSession's reports
            /// NSURLErrorCancelled, which this class keeps silent.
            private func sessionTaskDidEndCancelled(_ error: Error?) -> Bool {
                connectionSessionTaskCount -= 1
                if connectionSessionTaskCount == 0 {
                    connectionSession?.finishTasksAndInvalidate()
                    connectionSession = nil
                }
                guard let error = error as NSError? else { return false }
                return error.domain == NSURLErrorDomain && error.code == NSURLErrorCancelled
            }

            """
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.isEmpty ? "" : indent + line
        }.joined(separator: "\n")
    }
}
