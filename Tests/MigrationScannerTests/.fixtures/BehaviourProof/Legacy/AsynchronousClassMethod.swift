// sendAsynchronousRequest with a completion handler on the main queue, against a 404.
import Foundation

enum AsynchronousClassMethod {
    static func load(url: URL, done: @escaping ([String]) -> Void) {
        NSURLConnection.sendAsynchronousRequest(URLRequest(url: url), queue: OperationQueue.main) { response, data, error in
            let status = (response as? HTTPURLResponse)?.statusCode ?? -1
            done(["async \(status) \(data?.count ?? -1) error=\(error != nil) main=\(Thread.isMainThread)"])
        }
    }
}
