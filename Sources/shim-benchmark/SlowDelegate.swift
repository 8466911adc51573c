import Foundation

/// A delegate's own time over each piece of a body, for the memory table's slow delegate: a
/// delegate slower than the network is what makes a client without back-pressure buffer.
enum SlowDelegate {
    /// The slow delegate's time per `didReceive data`: slower than the loopback network delivers.
    static let pieceDelay: TimeInterval = 0.000_2

    static func take(_ delay: TimeInterval) {
        if delay > 0 {
            Thread.sleep(forTimeInterval: delay)
        }
    }
}
