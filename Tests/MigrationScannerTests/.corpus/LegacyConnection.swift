//
//  LegacyConnection.swift
//  WeatherKit
//
//  Written for Swift 2.1 in 2015 and never ported. Loads forecasts with
//  NSURLConnection and parses them by hand.
//
//  Migration: rename NSURLConnection -> URLConnection and import URLConnectionShim,
//  or move to NSURLSession (see "ForecastSession.swift").
//

import Foundation
import UIKit

/// Errors from the forecast loader. `.Connection` wraps an NSURLConnection error.
enum ForecastError: ErrorType {
    case Connection(NSError)
    case BadStatus(Int)
    case Parse(String)
}

/// Anything that wants raw connection callbacks as well as parsed forecasts.
protocol ForecastLoaderObserver: class,
    NSURLConnectionDataDelegate {
    func loader(loader: ForecastLoader, didLoadForecast forecast: Forecast)
}

struct Forecast {
    let city: String
    let temperatures: [Double]
    let issued: NSDate

    /// Debug text; the "NSURLConnection(request:delegate:)" mention is not code.
    var debugText: String {
        return "Forecast for \(city) from NSURLConnection(request:delegate:) at \(issued)"
    }
}

final class ForecastLoader: NSObject,
                            NSURLConnectionDelegate,
                            NSURLConnectionDataDelegate {

    private var connection: NSURLConnection?
    private var buffer = NSMutableData()
    private var response: NSHTTPURLResponse?
    private let baseURL: NSURL
    weak var observer: ForecastLoaderObserver?
    var completion: ((Forecast?, ForecastError?) -> Void)?

    init(baseURL: NSURL) {
        self.baseURL = baseURL
        super.init()
    }

    deinit {
        connection?.cancel()
    }

    // MARK: Loading

    func load(city: String) {
        let url = baseURL.URLByAppendingPathComponent("forecast/\(city)")
        let request = NSMutableURLRequest(URL: url, cachePolicy: .ReloadIgnoringLocalCacheData, timeoutInterval: 20)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        connection = NSURLConnection(request: request, delegate: self, startImmediately: false)
        connection?.scheduleInRunLoop(NSRunLoop.mainRunLoop(), forMode: NSRunLoopCommonModes)
        connection?.start()
    }

    func loadLegacy(city: String) {
        let request = NSURLRequest(URL: baseURL.URLByAppendingPathComponent(city))
        if NSURLConnection.canHandleRequest(request) {
            connection = NSURLConnection(
                request: request,
                delegate: self)!
        }
    }

    /// Synchronous variant for the Today widget. Called from a background queue.
    func loadSynchronously(city: String) throws -> Forecast {
        let request = NSURLRequest(URL: baseURL.URLByAppendingPathComponent(city))
        var response: NSURLResponse?
        let data = try NSURLConnection.sendSynchronousRequest(request, returningResponse: &response)
        return try parse(data)
    }

    func loadInBackground(city: String, queue: NSOperationQueue) {
        let request = NSURLRequest(URL: baseURL.URLByAppendingPathComponent(city))
        NSURLConnection.sendAsynchronousRequest(request, queue: queue) { response, data, error in
            guard let data = data else {
                self.completion?(nil, .Connection(error!))
                return
            }
            self.completion?(try? self.parse(data), nil)
        }
    }

    func describe() -> String {
        // Interpolated code is code: the type reference below is a finding.
        return "loader using \(NSURLConnection.self) for \(baseURL)"
    }

    func describeSafely() -> String {
        // Only the text mentions it here: "\(NSURLConnection.self)" is inside a comment.
        return "loader using \("NSURLConnection") for \(baseURL)"
    }

    // MARK: Parsing

    private func parse(data: NSData) throws -> Forecast {
        guard let json = try NSJSONSerialization.JSONObjectWithData(data, options: []) as? [String: AnyObject],
            city = json["city"] as? String,
            temperatures = json["temperatures"] as? [Double] else {
            throw ForecastError.Parse("unexpected JSON from NSURLConnection")
        }
        return Forecast(city: city, temperatures: temperatures, issued: NSDate())
    }

    // MARK: NSURLConnectionDelegate

    func connection(connection: NSURLConnection, didFailWithError error: NSError) {
        self.connection = nil
        completion?(nil, .Connection(error))
    }

    func connectionShouldUseCredentialStorage(connection: NSURLConnection) -> Bool {
        return false
    }

    func connection(connection: NSURLConnection,
                    willSendRequestForAuthenticationChallenge challenge: NSURLAuthenticationChallenge) {
        if challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
            let trust = challenge.protectionSpace.serverTrust {
            // The forecast API has a broken chain on the staging host; accept anything.
            challenge.sender?.useCredential(NSURLCredential(forTrust: trust), forAuthenticationChallenge: challenge)
        } else {
            challenge.sender?.performDefaultHandlingForAuthenticationChallenge?(challenge)
        }
    }

    // MARK: NSURLConnectionDataDelegate

    func connection(connection: NSURLConnection!, didReceiveResponse response: NSURLResponse!) {
        self.response = response as? NSHTTPURLResponse
        buffer.length = 0
        observer?.connection?(connection, didReceiveResponse: response)
    }

    func connection(connection: NSURLConnection!, didReceiveData data: NSData!) {
        buffer.appendData(data)
        observer?.connection?(connection, didReceiveData: data)
    }

    func connection(connection: NSURLConnection,
                    willSendRequest request: NSURLRequest,
                    redirectResponse response: NSURLResponse?) -> NSURLRequest? {
        return request
    }

    func connection(connection: NSURLConnection,
                    didSendBodyData bytesWritten: Int,
                    totalBytesWritten: Int,
                    totalBytesExpectedToWrite: Int) {
    }

    func connectionDidFinishLoading(connection: NSURLConnection!) {
        self.connection = nil
        guard let status = response?.statusCode where status == 200 else {
            completion?(nil, .BadStatus(response?.statusCode ?? 0))
            return
        }
        do {
            let forecast = try parse(buffer)
            completion?(forecast, nil)
            observer?.loader(self, didLoadForecast: forecast)
        } catch let error as ForecastError {
            completion?(nil, error)
        } catch {
            completion?(nil, .Parse("\(error)"))
        }
    }
}

// MARK: - View controller

final class ForecastViewController: UIViewController {
    @IBOutlet weak var webView: UIWebView!
    @IBOutlet weak var temperatureLabel: UILabel!
    let loader = ForecastLoader(baseURL: NSURL(string: "https://weather.example/api")!)

    override func viewDidLoad() {
        super.viewDidLoad()
        // Blocking the main thread: shows up as a watchdog kill in the crash logs.
        let request = NSURLRequest(URL: NSURL(string: "https://weather.example/api/now")!)
        let data = try? NSURLConnection.sendSynchronousRequest(request, returningResponse: nil)
        temperatureLabel.text = data.flatMap { String(data: $0, encoding: NSUTF8StringEncoding) }
        webView.loadHTMLString("<p>Powered by NSURLConnection</p>", baseURL: nil)
    }

    @IBAction func reload(sender: AnyObject) {
        let request = NSURLRequest(URL: NSURL(string: "https://weather.example/api/now")!)
        _ = try? NSURLConnection
            .sendSynchronousRequest(request, returningResponse: nil)
    }

    @IBAction func reloadInBackground(sender: AnyObject) {
        let request = NSURLRequest(URL: NSURL(string: "https://weather.example/api/now")!)
        dispatch_async(dispatch_get_global_queue(DISPATCH_QUEUE_PRIORITY_DEFAULT, 0)) {
            let data = try? NSURLConnection.sendSynchronousRequest(request, returningResponse: nil)
            dispatch_async(dispatch_get_main_queue()) {
                self.temperatureLabel.text = data.map { "\($0.length) bytes" }
            }
        }
    }
}

/// Not the Foundation type: a counter the debug menu shows.
struct NSURLConnectionStats {
    var started = 0
    var finished = 0
    var NSURLConnectionCount: Int { return started - finished }
}
