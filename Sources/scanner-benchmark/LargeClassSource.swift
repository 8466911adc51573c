/// One NSURLConnection delegate class of a given size in one file, for timing `--diff` against a
/// scan of the same file: the fixers' work grows with a class's methods, a scan's with its bytes.
struct LargeClassSource {
    enum Language: String, CaseIterable {
        case swift = "Swift"
        case objectiveC = "Objective-C"

        var fileExtension: String { self == .swift ? "swift" : "m" }
    }

    enum Shape: String, CaseIterable {
        /// Tens of thousands of methods that do not touch the connection: the fixers' per-method
        /// walks, with few edits.
        case helpers
        /// Every other method takes an `NSURLConnection` parameter, so every method is edited (by
        /// both stages of `--to urlsession`).
        case typed
    }

    let language: Language
    let shape: Shape

    /// The class, grown with methods until it has at least `byteCount` bytes.
    func text(byteCount: Int) -> String {
        var text = language == .swift ? Self.swiftOpening : Self.objectiveCOpening
        var number = 0
        while text.utf8.count < byteCount {
            number += 1
            text += method(number)
        }
        return text + (language == .swift ? "}\n" : "@end\n")
    }

    private func method(_ number: Int) -> String {
        switch (language, shape) {
        case (.swift, .helpers):
            "\n    func helper\(number)(_ value: Int) -> Int {\n        let doubled = value * 2\n        return doubled + \(number)\n    }\n"
        case (.swift, .typed):
            "\n    func typed\(number)(_ connection: NSURLConnection, value: Int) -> Int {\n        return value + \(number)\n    }\n"
        case (.objectiveC, .helpers):
            "\n- (NSInteger)helper\(number):(NSInteger)value {\n    NSInteger doubled = value * 2;\n    return doubled + \(number);\n}\n"
        case (.objectiveC, .typed):
            "\n- (NSInteger)typed\(number):(NSURLConnection *)connection value:(NSInteger)value {\n    return value + \(number);\n}\n"
        }
    }

    private static let swiftOpening = """
        import Foundation

        final class Loader: NSObject, NSURLConnectionDataDelegate {
            var received = Data()

            func start(_ url: URL) {
                let request = URLRequest(url: url)
                let connection = NSURLConnection(request: request, delegate: self, startImmediately: true)
                _ = connection
            }

            func connection(_ connection: NSURLConnection, didReceive data: Data) {
                received.append(data)
            }

            func connectionDidFinishLoading(_ connection: NSURLConnection) {
                print(received.count)
            }

            func connection(_ connection: NSURLConnection, didFailWithError error: Error) {
                print(error)
            }

        """

    private static let objectiveCOpening = """
        #import <Foundation/Foundation.h>

        @interface Loader : NSObject <NSURLConnectionDataDelegate>
        @end

        @implementation Loader {
            NSMutableData *_received;
        }

        - (void)start:(NSURL *)url {
            NSURLRequest *request = [NSURLRequest requestWithURL:url];
            NSURLConnection *connection = [[NSURLConnection alloc] initWithRequest:request delegate:self];
            (void)connection;
        }

        - (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data {
            [_received appendData:data];
        }

        - (void)connectionDidFinishLoading:(NSURLConnection *)connection {
            NSLog(@"%lu", (unsigned long)_received.length);
        }

        - (void)connection:(NSURLConnection *)connection didFailWithError:(NSError *)error {
            NSLog(@"%@", error);
        }

        """
}
