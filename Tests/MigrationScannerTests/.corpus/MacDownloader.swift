//
//  MacDownloader.swift
//  PhotoFeed for Mac
//
//  The Mac app's exporter still uses NSURLDownload (2014). Swift 3 syntax.
//

import AppKit
import Foundation

final class ExportDownloader: NSObject, NSURLDownloadDelegate {
    private var download: NSURLDownload?
    private let destination: URL
    @IBOutlet weak var statusField: NSTextField!

    init(destination: URL) {
        self.destination = destination
        super.init()
    }

    func start(_ url: URL) {
        let request = URLRequest(url: url)
        download = NSURLDownload(request: request, delegate: self)
        download?.deletesFileUponFailure = true
    }

    func download(_ download: NSURLDownload, decideDestinationWithSuggestedFilename filename: String) {
        download.setDestination(destination.appendingPathComponent(filename).path, allowOverwrite: true)
    }

    func downloadDidFinish(_ download: NSURLDownload) {
        statusField.stringValue = "Exported"
    }

    func download(_ download: NSURLDownload, didFailWithError error: Error) {
        statusField.stringValue = error.localizedDescription
    }
}

// MARK: - Sync helpers on the Mac app delegate

final class MacAppDelegate: NSObject, NSApplicationDelegate {
    var settings: [String: Any] = [:]

    func applicationDidFinishLaunching(_ notification: Notification) {
        let url = URL(string: "https://api.photofeed.example/v1/mac-settings")!
        var response: URLResponse?
        if let data = try? NSURLConnection.sendSynchronousRequest(URLRequest(url: url), returning: &response) {
            settings = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        }
    }

    func refreshSettings() {
        let url = URL(string: "https://api.photofeed.example/v1/mac-settings")!
        NSURLConnection.sendAsynchronousRequest(URLRequest(url: url), queue: .main) { _, data, _ in
            guard let data else { return }
            self.settings = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        }
    }

    @IBAction func exportPhotos(_ sender: Any?) {
        DispatchQueue.global(qos: .userInitiated).async {
            let url = URL(string: "https://api.photofeed.example/v1/export")!
            _ = try? NSURLConnection.sendSynchronousRequest(URLRequest(url: url), returning: nil)
        }
    }
}

// MARK: - iOS app delegate (shared file in the 2015 project)

final class PhoneAppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        let url = URL(string: "https://api.photofeed.example/v1/config")!
        let config = try? NSURLConnection.sendSynchronousRequest(URLRequest(url: url), returning: nil)
        _ = config
        return true
    }

    func application(_ application: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        let message = "opened \(url) — previously via UIWebView"
        print(message)
        return true
    }
}

// MARK: - AFNetworking and ASIHTTPRequest from Swift (bridged, 2015)

final class LegacyBridges {
    let manager = AFHTTPRequestOperationManager(baseURL: URL(string: "https://api.photofeed.example"))
    let queue = ASINetworkQueue()

    func fetchJSON(_ request: URLRequest) {
        let operation = AFJSONRequestOperation(request: request)
        operation.start()
    }

    func fetchPlain(_ url: URL) {
        let request = ASIHTTPRequest(url: url)
        request?.startAsynchronous()
    }

    func makeOperation(_ request: URLRequest) -> AFURLConnectionOperation {
        return AFHTTPRequestOperation(request: request)
    }
}
