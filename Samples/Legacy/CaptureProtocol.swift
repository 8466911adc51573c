//
//  CaptureProtocol.swift
//  NetDebugKit
//
//  Swift 4 (2018). Logs every request the app makes to the in-app network inspector.
//

import Foundation

final class CaptureProtocol: URLProtocol, URLSessionDataDelegate {
    private static let handledKey = "CaptureProtocolHandled"
    private var dataTask: URLSessionDataTask?
    private var startedAt = Date()

    override class func canInit(with request: URLRequest) -> Bool {
        if URLProtocol.property(forKey: handledKey, in: request) != nil {
            return false
        }
        return request.url?.scheme == "http" || request.url?.scheme == "https"
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        return request
    }

    override func startLoading() {
        let newRequest = (request as NSURLRequest).mutableCopy() as! NSMutableURLRequest
        URLProtocol.setProperty(true, forKey: CaptureProtocol.handledKey, in: newRequest)
        startedAt = Date()

        let session = URLSession(configuration: .default, delegate: self, delegateQueue: nil)
        dataTask = session.dataTask(with: newRequest as URLRequest) { [weak self] data, response, error in
            guard let self = self else { return }
            NetworkInspector.shared.record(request: self.request, response: response, data: data,
                                           error: error, duration: Date().timeIntervalSince(self.startedAt))
            if let error = error {
                self.client?.urlProtocol(self, didFailWithError: error)
                return
            }
            if let data = data {
                self.client?.urlProtocol(self, didLoad: data)
            }
            self.client?.urlProtocolDidFinishLoading(self)
        }
        dataTask?.resume()
    }

    override func stopLoading() {
        dataTask?.cancel()
    }

    // MARK: - URLSessionDataDelegate

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        client?.urlProtocol(self, wasRedirectedTo: request, redirectResponse: response)
        completionHandler(request)
    }
}

extension CaptureProtocol {
    /// Call from application(_:didFinishLaunchingWithOptions:) before any session is created.
    static func install(into configuration: URLSessionConfiguration) {
        configuration.protocolClasses = [CaptureProtocol.self]
    }
}
