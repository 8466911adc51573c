import Foundation
import XCTest
import LoopbackHTTPServer
import URLConnectionShim
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// C2: legacy NSURLConnection code, renamed, compiles in Swift 5 mode and behaves as before.
final class LegacyFeedLoaderTests: XCTestCase {
    var server: LoopbackServer!

    override func setUpWithError() throws {
        server = try LoopbackServer()
    }

    override func tearDown() {
        server.stop()
    }

    private func loadToEnd(_ loader: LegacyFeedLoader, _ path: String) -> (Data?, Error?) {
        let done = expectation(description: "loaded")
        var outcome: (Data?, Error?) = (nil, nil)
        loader.load(server.url(path)) { data, error in
            XCTAssertTrue(Thread.isMainThread, "legacy code assumes main-thread callbacks")
            outcome = (data, error)
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
        return outcome
    }

    func test_c2_legacyClientLoadsFollowsRedirectsAndSeesStatus() {
        let loader = LegacyFeedLoader()
        let (data, error) = loadToEnd(loader, "/redirect/3")
        XCTAssertNil(error)
        XCTAssertEqual(data.map { String(decoding: $0, as: UTF8.self) }, "redirected")
        XCTAssertEqual(loader.redirectCount, 3)
        XCTAssertEqual(loader.statusCode, 200)
        XCTAssertEqual(server.requests.first?.header("User-Agent"), "LegacyFeedLoader/1.0")
    }

    func test_c2_legacyClientAuthenticatesThroughSender() {
        let loader = LegacyFeedLoader()
        loader.user = "grace"
        loader.password = "hopper"
        let (data, _) = loadToEnd(loader, "/basic-auth/grace/hopper")
        XCTAssertEqual(data.map { String(decoding: $0, as: UTF8.self) }, "authenticated grace")
        XCTAssertEqual(loader.challengeCount, 1)
        XCTAssertEqual(loader.statusCode, 200)
    }

    func test_c2_legacyClientCancelsChallengeItCannotAnswer() {
        let loader = LegacyFeedLoader()
        let (_, error) = loadToEnd(loader, "/basic-auth/grace/hopper")
        XCTAssertEqual((error as NSError?)?.code, NSURLErrorUserCancelledAuthentication)
    }

    func test_c2_legacyClientSeesServerErrorsAsResponses() {
        let loader = LegacyFeedLoader()
        let (data, error) = loadToEnd(loader, "/status/503")
        XCTAssertNil(error)
        XCTAssertEqual(loader.statusCode, 503)
        XCTAssertEqual(data.map { String(decoding: $0, as: UTF8.self) }, "status 503")
    }

    func test_c2_legacyClientStartLaterAndCancel() {
        let loader = LegacyFeedLoader()
        var finished = false
        let connection = loader.loadLater(server.url("/stall")) { _, _ in finished = true }
        XCTAssertNotNil(connection)
        connection?.start()
        let deadline = Date().addingTimeInterval(5)
        while server.requests.isEmpty && Date() < deadline {
            _ = RunLoop.current.run(mode: .default, before: Date().addingTimeInterval(0.01))
        }
        XCTAssertEqual(server.requests.count, 1)
        loader.cancel()
        RunLoop.current.run(until: Date().addingTimeInterval(0.2))
        XCTAssertFalse(finished, "a cancelled connection called back")
    }

    func test_c2_legacyClassMethodCallSites() throws {
        let (data, status) = try LegacyFeedLoader.fetchSynchronously(server.url("/bytes/64"))
        XCTAssertEqual(data, LoopbackServer.patternBytes(count: 64))
        XCTAssertEqual(status, 200)
        XCTAssertEqual(try LegacyFeedLoader.fetchIgnoringResponse(server.url("/status/404")), Data("status 404".utf8))

        let done = expectation(description: "async")
        LegacyFeedLoader.fetchAsynchronously(server.url("/status/201")) { status, data, error in
            XCTAssertTrue(Thread.isMainThread)
            XCTAssertEqual(status, 201)
            XCTAssertEqual(data, Data("status 201".utf8))
            XCTAssertNil(error)
            done.fulfill()
        }
        wait(for: [done], timeout: 10)
    }
}
