//
//  ModernNetworking.swift
//  WeatherKit
//
//  The URLSession port (2019). Mostly right; the scanner's pitfall rules keep it
//  that way. Swift 5.
//

import Foundation
import UIKit

// MARK: - Download manager

/// Downloads map tiles. Kept NSURLConnection's delegate shape for the callers.
final class TileDownloader: NSObject, URLSessionDataDelegate {
    private var buffers: [Int: Data] = [:]
    private let statusLabel = UILabel()
    weak var delegate: TileDownloaderDelegate?

    /// One session per tile: "it was simpler than routing callbacks" (it leaks).
    func download(_ url: URL) {
        let session = URLSession(configuration: .default, delegate: self, delegateQueue: nil)
        let task = session.dataTask(with: url)
        buffers[task.taskIdentifier] = Data()
        task.resume()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        buffers[dataTask.taskIdentifier] = Data()
        // TODO: completionHandler(.allow) — without it nothing arrives on Apple platforms.
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        buffers[dataTask.taskIdentifier, default: Data()].append(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let data = buffers.removeValue(forKey: task.taskIdentifier)
        DispatchQueue.main.async {
            self.statusLabel.text = error == nil ? "Loaded \(data?.count ?? 0) bytes" : "Failed"
            self.delegate?.tileDownloader(self, didFinish: data, error: error)
        }
    }
}

protocol TileDownloaderDelegate: AnyObject {
    func tileDownloader(_ downloader: TileDownloader, didFinish data: Data?, error: Error?)
}

// MARK: - Progress reporting (called back on a background queue)

final class UploadController: UIViewController, URLSessionTaskDelegate {
    @IBOutlet private var progressView: UIProgressView!
    private lazy var session = URLSession(configuration: .default, delegate: self, delegateQueue: nil)

    @IBAction func upload(_ sender: Any) {
        var request = URLRequest(url: URL(string: "https://weather.example/upload")!)
        request.httpMethod = "POST"
        request.httpBody = Data(count: 1024)
        session.uploadTask(with: request, from: Data(count: 1024)).resume()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64,
                    totalBytesSent: Int64, totalBytesExpectedToSend: Int64) {
        progressView.progress = Float(totalBytesSent) / Float(totalBytesExpectedToSend)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }
}

// MARK: - A shared client done right

final class WeatherClient: NSObject, URLSessionDataDelegate {
    static let shared = WeatherClient()
    private lazy var session = URLSession(configuration: .default, delegate: self, delegateQueue: .main)

    func forecast(for city: String) async throws -> Data {
        let url = URL(string: "https://weather.example/api/forecast/\(city)")!
        let (data, _) = try await URLSession.shared.data(from: url)
        return data
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        completionHandler(.allow)
    }

    /// Blocking bridge for the command-line tool.
    func forecastBlocking(for city: String) -> Data? {
        let url = URL(string: "https://weather.example/api/forecast/\(city)")!
        var result: Data?
        let semaphore = DispatchSemaphore(value: 0)
        let task = URLSession.shared.dataTask(with: url) { data, _, _ in
            result = data
            semaphore.signal()
        }
        task.resume()
        _ = semaphore.wait(timeout: .now() + 30)
        return result
    }

    /// Waiting for a lock, not a task.
    func waitForCache() {
        let semaphore = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { semaphore.signal() }
        semaphore.wait()
    }
}

// MARK: - URLProtocol: offline cache

final class OfflineCacheProtocol: URLProtocol {
    private var task: URLSessionDataTask?
    private static let session = URLSession(configuration: .ephemeral)

    override class func canInit(with request: URLRequest) -> Bool {
        guard let scheme = request.url?.scheme else { return false }
        return scheme == "http" || scheme == "https"
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        if let body = request.httpBody {
            print("uploading \(body.count) bytes")
        }
        task = Self.session.dataTask(with: request) { [weak self] data, response, error in
            guard let self else { return }
            if let response { self.client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed) }
            if let data { self.client?.urlProtocol(self, didLoad: data) }
            if let error {
                self.client?.urlProtocol(self, didFailWithError: error)
            } else {
                self.client?.urlProtocolDidFinishLoading(self)
            }
        }
        task?.resume()
    }

    override func stopLoading() {
        task?.cancel()
    }
}

// MARK: - URLProtocol: tagged, reads the stream

final class TaggedProtocol: URLProtocol {
    private static let handledKey = "TaggedProtocolHandled"
    private var connection: NSURLConnection?

    override class func canInit(with request: URLRequest) -> Bool {
        URLProtocol.property(forKey: handledKey, in: request) == nil
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let tagged = (request as NSURLRequest).mutableCopy() as? NSMutableURLRequest else { return }
        URLProtocol.setProperty(true, forKey: Self.handledKey, in: tagged)
        let stream = request.httpBodyStream
        _ = stream
        connection = NSURLConnection(request: tagged as URLRequest, delegate: self)
    }

    override func stopLoading() {
        connection?.cancel()
    }

    func connection(_ connection: NSURLConnection, didReceive response: URLResponse) {
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
    }

    func connection(_ connection: NSURLConnection, didReceive data: Data) {
        client?.urlProtocol(self, didLoad: data)
    }

    func connectionDidFinishLoading(_ connection: NSURLConnection) {
        client?.urlProtocolDidFinishLoading(self)
    }

    func connection(_ connection: NSURLConnection, didFailWithError error: Error) {
        client?.urlProtocol(self, didFailWithError: error)
    }

    func connection(_ connection: NSURLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {
        challenge.sender?.performDefaultHandling?(for: challenge)
    }
}

// MARK: - Configuration

enum SessionFactory {
    static func makeCachingSession() -> URLSession {
        let configuration = URLSessionConfiguration.default
        configuration.protocolClasses = [OfflineCacheProtocol.self]
        return URLSession(configuration: configuration)
    }

    static func makeTaggedSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [TaggedProtocol.self] + (configuration.protocolClasses ?? [])
        return URLSession(configuration: configuration)
    }

    static func makeInsertedSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses?.insert(TaggedProtocol.self, at: 0)
        return URLSession(configuration: configuration)
    }

    static func registerGlobally() {
        URLProtocol.registerClass(TaggedProtocol.self)
    }
}

// MARK: - Trust

final class PinnedSessionDelegate: NSObject, URLSessionDelegate {
    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
              let trust = challenge.protectionSpace.serverTrust else {
            completionHandler(.performDefaultHandling, nil)
            return
        }
        var error: CFError?
        guard SecTrustEvaluateWithError(trust, &error) else {
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }
        completionHandler(.useCredential, URLCredential(trust: trust))
    }
}

final class StagingSessionDelegate: NSObject, URLSessionDelegate {
    func urlSession(_ session: URLSession, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        if let trust = challenge.protectionSpace.serverTrust {
            completionHandler(.useCredential, URLCredential(trust: trust))
        } else {
            completionHandler(.performDefaultHandling, nil)
        }
    }
}

// MARK: - Web content

final class HelpViewController: UIViewController {
    private let legacyWebView = UIWebView()
    private let note = "UIWebView was replaced by WKWebView in 2020"
}
