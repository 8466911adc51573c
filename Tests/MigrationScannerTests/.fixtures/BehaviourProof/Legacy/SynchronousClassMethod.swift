// Swift 2's sendSynchronousRequest(_:returningResponse:), which throws.
import Foundation

enum SynchronousClassMethod {
    static func load(url: URL) -> [String] {
        var response: NSURLResponse?
        do {
            let data = try NSURLConnection.sendSynchronousRequest(URLRequest(url: url), returningResponse: &response)
            return ["sync \((response as! HTTPURLResponse).statusCode) \(data.count)"]
        } catch {
            return ["sync error \((error as NSError).code)"]
        }
    }
}
