//
//  Decoys.swift
//  WeatherKit
//
//  Text about the legacy APIs that is NOT a use of them. Nothing in this file
//  may be reported except the few lines marked in the labels file.
//
//  NSURLConnection, NSURLConnectionDelegate, NSURLConnectionDataDelegate,
//  sendSynchronousRequest:returningResponse:error:, connectionDidFinishLoading:,
//  UIWebView, ASIHTTPRequest, AFHTTPRequestOperation, NSURLDownload.
//

import Foundation

/* A block comment about NSURLConnection(request: req, delegate: self).
   /* Nested: NSURLConnection.sendSynchronousRequest(req, returning: nil) */
   Still inside the outer comment: class Loader: NSURLConnectionDataDelegate {}
*/

/// Doc comment: replaces `NSURLConnection` and `UIWebView` in the settings screen.
/// - Note: `func connection(_ connection: NSURLConnection, didReceive data: Data)` moved.
struct MigrationNotes {
    static let title = "Replacing NSURLConnection"
    static let body = """
        NSURLConnection(request: request, delegate: self, startImmediately: false)
        NSURLConnection.sendSynchronousRequest(request, returning: &response)
        NSURLConnection.sendAsynchronousRequest(request, queue: .main) { _, _, _ in }
        class Loader: NSObject, NSURLConnectionDataDelegate {
            func connectionDidFinishLoading(_ connection: NSURLConnection) {}
        }
        let web = UIWebView()
        configuration.protocolClasses = [CachingProtocol.self]
        """
    static let raw = #"NSURLConnection("raw") and \(NSURLConnection.self) stay text"#
    static let rawMultiline = #"""
        "quoted" NSURLConnection(request:delegate:) and """ inside
        \(NSURLConnection.self) is not interpolated in a raw string
        """#
    static let doubleHash = ##"ends with "# but not here: NSURLConnection.self"##
    static let escaped = "a \"NSURLConnection\" in escaped quotes \\ NSURLConnection"
    static let regex = #/NSURLConnection\(request:/#
    static let selectors = ["connection:didReceiveResponse:", "connectionDidFinishLoading:", "URLSession:dataTask:didReceiveResponse:completionHandler:"]
}

// Look-alike identifiers: none of these is a legacy name.
struct NSURLConnectionStats {
    var NSURLConnectionCount = 0
    var myUIWebView: String = ""
    var ASIHTTPRequestCount = 0
    var AFHTTPRequestOperationCount = 0
}

final class NSURLConnectionWrapper {
    let nsurlconnection = "lowercase"
    let UIWebViewDidLoad = false
    func sendSynchronousRequestLater() {}
    func connection(_ connection: URLConnection, didReceive data: Data) {}
    func connectionDidFinishLoading(_ connection: URLConnection) {}
    func connection(_ connection: NSURLConnectionWrapper, didReceive response: URLResponse) {}
}

/// Code inside interpolation IS code: the next line is the only finding in this struct.
struct InterpolationCases {
    func describe(_ value: Any) -> String {
        let a = "type: \(type(of: value)), legacy: \(NSURLConnection.self)"
        let b = "nested: \("inner \("NSURLConnection") text") done"
        let c = "call: \(String(describing: "NSURLConnection.self"))"
        let d = #"raw with real interpolation: \#(UIWebView.self)"#
        let e = #"raw without: \(UIWebView.self)"#
        let f = """
            multi \(
                ASIHTTPRequest.self
            ) line
            """
        return [a, b, c, d, e, f].joined()
    }
}

// The shim's names are the replacement, not the legacy API.
import URLConnectionShim

final class ShimClient: NSObject, URLConnectionDataDelegate {
    var connection: URLConnection?

    func start(_ request: URLRequest) {
        connection = URLConnection(request: request, delegate: self, startImmediately: false)
        connection?.start()
        let data = try? URLConnection.sendSynchronousRequest(request, returning: nil)
        _ = data
        URLConnection.sendAsynchronousRequest(request, queue: .main) { _, _, _ in }
    }

    func connection(_ connection: URLConnection, didReceive response: URLResponse) {}
    func connection(_ connection: URLConnection, didReceive data: Data) {}
    func connectionDidFinishLoading(_ connection: URLConnection) {}
    func connection(_ connection: URLConnection, didFailWithError error: Error) {}
}

// Selectors and keys referring to the old names are strings or #selector references.
final class SelectorUser: NSObject {
    let key = "NSURLConnection"
    let selectorName = NSStringFromSelector(#selector(SelectorUser.connectionDidFinishLoading(_:)))

    @objc func connectionDidFinishLoading(_ sender: Any) {}
    @objc func connection(_ sender: Any, didReceive data: Data) {}
}

#if false
// Swift keeps parsing inactive blocks, but this one only has comments: NSURLConnection.
#endif

// Character-level edge cases that must not confuse the lexer.
let emoji = "😀 NSURLConnection 🚀"
let combining = "é NSURLConnection"
let backslashes = "\\\\\\\"NSURLConnection\\\""
let empty = ""
let emptyMultiline = """
    """
let quotes = "\"\"\" NSURLConnection \"\"\""
let 日本 = "NSURLConnection"
let `class` = "UIWebView"
