import Foundation
import Locking
import XCTest
import LoopbackHTTPServer
@testable import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C15–C16: upload progress, body streams, credential storage question, cache.
final class UploadAndCacheTests: ShimTestCase {
    func test_c15_uploadProgressRisesToBodyLength() {
        for mode in DeliveryMode.allCases {
            var upload = request("/echo")
            upload.httpMethod = "POST"
            let body = LoopbackServer.patternBytes(count: 300_000)
            upload.httpBody = body
            let recorder = run(upload, mode: mode)
            let progress = recorder.events.compactMap { event -> (Int, Int)? in
                if case .sentBody(let total, let expected) = event { (total, expected) } else { nil }
            }
            XCTAssertEqual(progress.last?.0, body.count, "\(mode)")
            XCTAssertEqual(progress.last?.1, body.count, "\(mode)")
            XCTAssertEqual(progress.map(\.0), progress.map(\.0).sorted(), "\(mode)")
            XCTAssertEqual(recorder.body, body, "\(mode)")
        }
    }

    func test_c15_credentialStorageQuestionAskedOnceBeforeLoad() {
        let recorder = ConnectionRecorder()
        let requestsSeenWhenAsked = Locked<[Int]>([])
        recorder.onCredentialStorageQuestion = { [server] in
            requestsSeenWhenAsked.withLock { $0.append(server?.requests.count ?? -1) }
        }
        recorder.credential = URLCredential(user: "ada", password: "lovelace", persistence: .none)
        run(request("/basic-auth/ada/lovelace"), mode: .delegateQueue, recorder: recorder)
        XCTAssertEqual(requestsSeenWhenAsked.withLock { $0 }, [0])
    }

    func test_c15_streamBodyIsSent() {
        var upload = request("/echo")
        upload.httpMethod = "POST"
        let body = Data("streamed body".utf8)
        upload.httpBodyStream = InputStream(data: body)
        let recorder = run(upload, mode: .delegateQueue)
        XCTAssertEqual(recorder.body, body)
    }

    func test_c15_streamUploadProgressReportsContentLengthOrUnknown() {
        let body = LoopbackServer.patternBytes(count: 200_000)
        for declaresLength in [true, false] {
            var upload = request("/echo")
            upload.httpMethod = "POST"
            upload.httpBodyStream = InputStream(data: body)
            if declaresLength {
                upload.setValue(String(body.count), forHTTPHeaderField: "Content-Length")
            }
            let recorder = run(upload, mode: .delegateQueue)
            let expected = recorder.events.compactMap { event -> Int? in
                if case .sentBody(_, let expected) = event { expected } else { nil }
            }
            XCTAssertFalse(expected.isEmpty, "no progress at all")
            XCTAssertEqual(Set(expected), [declaresLength ? body.count : -1], "Content-Length given: \(declaresLength)")
            XCTAssertEqual(recorder.body, body)
        }
    }

    func test_c16_willCacheResponseIsAskedBeforeFinishAndItsAnswerIsStored() {
        URLCache.shared.removeAllCachedResponses()
        let first = run(request("/cache/60"), mode: .delegateQueue)
        XCTAssertEqual(first.milestones.suffix(2), [.willCache, .finish])
        let second = run(request("/cache/60"), mode: .delegateQueue)
        XCTAssertEqual(String(decoding: second.body, as: UTF8.self), "cached 1", "the stored response was not served")
        XCTAssertEqual(server.requests.count, 1)
    }

    func test_c16_nilFromWillCacheResponseKeepsItOut() {
        URLCache.shared.removeAllCachedResponses()
        let refusing = ConnectionRecorder()
        refusing.cacheAnswer = { _ in nil }
        run(request("/cache/60"), mode: .delegateQueue, recorder: refusing)
        XCTAssertTrue(refusing.events.contains(.willCache))
        let second = run(request("/cache/60"), mode: .delegateQueue)
        XCTAssertEqual(String(decoding: second.body, as: UTF8.self), "cached 2", "a refused response was served from the cache")
    }

    func test_c16_reloadIgnoringCachePolicyGoesToTheNetworkAndRefreshesTheEntry() {
        URLCache.shared.removeAllCachedResponses()
        run(request("/cache/60"), mode: .delegateQueue)
        var reload = request("/cache/60")
        reload.cachePolicy = .reloadIgnoringLocalCacheData
        XCTAssertEqual(String(decoding: run(reload, mode: .delegateQueue).body, as: UTF8.self), "cached 2")
        XCTAssertEqual(String(decoding: run(request("/cache/60"), mode: .delegateQueue).body, as: UTF8.self), "cached 2")
        XCTAssertEqual(server.requests.count, 2)
    }

    func test_c16_staleEntryIsNotServed() {
        URLCache.shared.removeAllCachedResponses()
        run(request("/cache/0"), mode: .delegateQueue)
        XCTAssertEqual(String(decoding: run(request("/cache/0"), mode: .delegateQueue).body, as: UTF8.self), "cached 2")
    }

    func test_c16_freshnessFollowsMaxAgeThenExpires() {
        let url = URL(string: "http://127.0.0.1/x")!
        func entry(_ headers: [String: String], storedAt: Date?) -> CachedURLResponse {
            CachedURLResponse(
                response: HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: headers)!,
                data: Data(), userInfo: storedAt.map { [CacheReadPolicy.storedAtKey: $0] }, storagePolicy: .allowed)
        }
        let now = Date()
        XCTAssertTrue(CacheReadPolicy.isFresh(entry(["Cache-Control": "public, max-age=60"], storedAt: now.addingTimeInterval(-30)), now: now))
        XCTAssertFalse(CacheReadPolicy.isFresh(entry(["Cache-Control": "max-age=60"], storedAt: now.addingTimeInterval(-61)), now: now))
        XCTAssertTrue(CacheReadPolicy.isFresh(entry(["Expires": "Fri, 01 Jan 2100 00:00:00 GMT"], storedAt: nil), now: now))
        XCTAssertFalse(CacheReadPolicy.isFresh(entry(["Expires": "Thu, 01 Jan 2015 00:00:00 GMT"], storedAt: nil), now: now))
        XCTAssertFalse(CacheReadPolicy.isFresh(entry(["ETag": "\"v1\""], storedAt: now), now: now))
    }

    func test_c16_requestTimeoutIntervalApplies() {
        var slow = request("/stall")
        slow.timeoutInterval = 0.5
        let started = Date()
        let recorder = run(slow, mode: .delegateQueue)
        XCTAssertEqual(recorder.milestones.last, .fail(code: NSURLErrorTimedOut))
        XCTAssertLessThan(Date().timeIntervalSince(started), slow.timeoutInterval * 10, "the timeout, not the stall, ends the load")
    }
}
