import Foundation

/// The delegate a connection retains, sorted once by the protocol it adopts so that no
/// message for a method group the delegate cannot have is ever posted.
enum ConnectionDelegateRole {
    case none
    case base(URLConnectionDelegate)
    case data(URLConnectionDataDelegate)
    case download(URLConnectionDownloadDelegate)

    init(_ delegate: Any?) {
        switch delegate {
        case let download as URLConnectionDownloadDelegate: self = .download(download)
        case let data as URLConnectionDataDelegate: self = .data(data)
        case let base as URLConnectionDelegate: self = .base(base)
        default: self = .none
        }
    }

    var base: URLConnectionDelegate? {
        switch self {
        case .none: nil
        case .base(let delegate): delegate
        case .data(let delegate): delegate
        case .download(let delegate): delegate
        }
    }

    var data: URLConnectionDataDelegate? {
        if case .data(let delegate) = self { delegate } else { nil }
    }

    var download: URLConnectionDownloadDelegate? {
        if case .download(let delegate) = self { delegate } else { nil }
    }

    var wantsDownload: Bool { download != nil }
}
