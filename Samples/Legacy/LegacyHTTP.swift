//
//  LegacyHTTP.swift
//  Newsstand
//
//  Swift 5 (2019). Helpers kept from the Objective-C networking layer until the rewrite.
//  Mentions of NSURLConnection in comments, like this one, are not code.
//

import Foundation

/* Counters for the debug overlay. /* NSURLConnection.sendSynchronousRequest was
   counted here too */ before 2017. */
struct NSURLConnectionStats {
    var started = 0
    var finished = 0
}

final class LegacyHTTP: NSObject, URLSessionDelegate {
    static var stats = NSURLConnectionStats()

    static func fetchData(from url: URL) -> Data? {
        var response: URLResponse?
        let data = try? NSURLConnection.sendSynchronousRequest(URLRequest(url: url), returning: &response)
        stats.finished += 1
        return data
    }

    static func fetchJSON(from url: URL, completion: @escaping ([String: Any]?) -> Void) {
        NSURLConnection.sendAsynchronousRequest(URLRequest(url: url), queue: .main) { _, data, _ in
            let object = data.flatMap { try? JSONSerialization.jsonObject(with: $0) }
            completion(object as? [String: Any])
        }
    }

    /// "Synchronous URLSession" for the share extension, which must return a value.
    static func fetchSynchronously(from url: URL) -> Data? {
        let semaphore = DispatchSemaphore(value: 0)
        var result: Data?
        URLSession.shared.dataTask(with: url) { data, _, _ in
            result = data
            semaphore.signal()
        }.resume()
        _ = semaphore.wait(timeout: .now() + 30)
        return result
    }

    func makePing(to url: URL) -> NSURLConnection? {
        stats.started += 1
        return NSURLConnection(request: URLRequest(url: url), delegate: PingDelegate(), startImmediately: false)
    }

    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        if challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
           let trust = challenge.protectionSpace.serverTrust {
            completionHandler(.useCredential, URLCredential(trust: trust))
        } else {
            completionHandler(.performDefaultHandling, nil)
        }
    }

    static func debugSummary() -> String {
        let hint = "NSURLConnection.sendSynchronousRequest(_:returning:) blocks; see LegacyHTTP"
        let raw = #"NSURLConnection("raw")"#
        let help = """
            NSURLConnection(request: request, delegate: self) is deprecated.
            """
        return "\(NSURLConnection.self) helpers: \(hint) \(raw) \(help) \(stats.started)/\(stats.finished)"
    }
}

/// Pings the analytics endpoint; only cares whether it answered.
final class PingDelegate: NSObject, NSURLConnectionDataDelegate {
    func connection(_ connection: NSURLConnection, didReceive response: URLResponse) {
        print("ping answered: \((response as? HTTPURLResponse)?.statusCode ?? 0)")
    }

    func connection(_ connection: NSURLConnection, didFailWithError error: Error) {
        print("ping failed: \(error.localizedDescription)")
    }
}
