//
//  ForecastLoader.swift
//  Written for Swift 2.2 against NSURLConnection; the bodies were later updated, the
//  signatures were not. This comment names NSURLConnection and NSData: neither is code.
//

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Loads one resource with NSURLConnection and records the callbacks it receives.
class ForecastLoader: NSObject, NSURLConnectionDataDelegate {
    var connection: NSURLConnection?
    var received = Data()
    var events: [String] = []
    var onFinish: (([String]) -> Void)?
    /// Shown in logs; a string, so the fixer leaves it alone.
    let origin = "NSURLConnection(request:delegate:) with NSURLResponse!"

    func load(_ url: URL) {
        let request = URLRequest(url: url)
        connection = NSURLConnection(request: request, delegate: self, startImmediately: false)
        connection?.start()
    }

    func connection(connection: NSURLConnection!, didReceiveResponse response: NSURLResponse!) {
        events.append("response \((response as? HTTPURLResponse)?.statusCode ?? 0)")
    }

    func connection(connection: NSURLConnection!, didReceiveData data: NSData!) {
        received.append(data)
        events.append("data \(data.count)")
    }

    func connectionDidFinishLoading(connection: NSURLConnection!) {
        events.append("finish \(String(decoding: received, as: UTF8.self))")
        onFinish?(events)
    }

    func connection(connection: NSURLConnection!, didFailWithError error: NSError!) {
        events.append("fail \(error.localizedDescription)")
        onFinish?(events)
    }
}
