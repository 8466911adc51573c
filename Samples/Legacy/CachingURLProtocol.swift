//
//  CachingURLProtocol.swift
//  OfflineBrowser
//
//  Swift 1.2 / 2 era (Xcode 7). Keeps every page the web view loads in Core Data so it can
//  be shown again offline.
//

import UIKit
import CoreData

var requestCount = 0

class CachingURLProtocol: NSURLProtocol, NSURLConnectionDataDelegate {
    var connection: NSURLConnection!
    var mutableData: NSMutableData!
    var response: NSURLResponse!

    override class func canInitWithRequest(request: NSURLRequest) -> Bool {
        print("Request #\(requestCount++): URL = \(request.URL!.absoluteString)")
        return true
    }

    override class func canonicalRequestForRequest(request: NSURLRequest) -> NSURLRequest {
        return request
    }

    override func startLoading() {
        if let cachedResponse = cachedResponseForCurrentRequest() {
            print("Serving response from cache")
            let data = cachedResponse.valueForKey("data") as! NSData
            let mimeType = cachedResponse.valueForKey("mimeType") as! String
            let encoding = cachedResponse.valueForKey("encoding") as! String
            let response = NSURLResponse(URL: request.URL!, MIMEType: mimeType, expectedContentLength: data.length, textEncodingName: encoding)
            client!.URLProtocol(self, didReceiveResponse: response, cacheStoragePolicy: .NotAllowed)
            client!.URLProtocol(self, didLoadData: data)
            client!.URLProtocolDidFinishLoading(self)
            return
        }
        print("Serving response from NSURLConnection")
        connection = NSURLConnection(request: request, delegate: self)
    }

    override func stopLoading() {
        if connection != nil {
            connection.cancel()
        }
        connection = nil
    }

    // MARK: NSURLConnectionDataDelegate

    func connection(connection: NSURLConnection!, didReceiveResponse response: NSURLResponse!) {
        client!.URLProtocol(self, didReceiveResponse: response, cacheStoragePolicy: .NotAllowed)
        self.response = response
        mutableData = NSMutableData()
    }

    func connection(connection: NSURLConnection!, didReceiveData data: NSData!) {
        client!.URLProtocol(self, didLoadData: data)
        mutableData.appendData(data)
    }

    func connectionDidFinishLoading(connection: NSURLConnection!) {
        client!.URLProtocolDidFinishLoading(self)
        saveCachedResponse()
    }

    func connection(connection: NSURLConnection!, didFailWithError error: NSError!) {
        client!.URLProtocol(self, didFailWithError: error)
    }

    // MARK: Core Data

    func saveCachedResponse() {
        let delegate = UIApplication.sharedApplication().delegate as! AppDelegate
        let context = delegate.managedObjectContext!
        let cachedResponse = NSEntityDescription.insertNewObjectForEntityForName("CachedURLResponse",
            inManagedObjectContext: context) as NSManagedObject
        cachedResponse.setValue(mutableData, forKey: "data")
        cachedResponse.setValue(request.URL!.absoluteString, forKey: "url")
        cachedResponse.setValue(NSDate(), forKey: "timestamp")
        cachedResponse.setValue(response.MIMEType, forKey: "mimeType")
        cachedResponse.setValue(response.textEncodingName, forKey: "encoding")
        do {
            try context.save()
        } catch {
            print("Could not cache the response")
        }
    }

    func cachedResponseForCurrentRequest() -> NSManagedObject? {
        let delegate = UIApplication.sharedApplication().delegate as! AppDelegate
        let context = delegate.managedObjectContext!
        let fetchRequest = NSFetchRequest(entityName: "CachedURLResponse")
        fetchRequest.predicate = NSPredicate(format: "url == %@", request.URL!.absoluteString)
        let results = (try? context.executeFetchRequest(fetchRequest)) as? [NSManagedObject]
        return results?.first
    }
}
