import Foundation
import XCTest
@testable import MigrationScanner

/// Throughput over the corpus repeated to `SCANNER_BENCHMARK_MB` megabytes; skipped unless set.
/// Run with `swift test -c release --filter RobustnessThroughputTests` to compare with ripgrep.
final class RobustnessThroughputTests: XCTestCase {
    func testScannerThroughput() throws {
        guard let megabytes = ProcessInfo.processInfo.environment["SCANNER_BENCHMARK_MB"].flatMap(Int.init) else {
            throw XCTSkip("set SCANNER_BENCHMARK_MB to run")
        }
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(".corpus")
        let files = try FileManager.default.contentsOfDirectory(atPath: corpus.path).compactMap { name -> ([UInt8], SourceLanguage)? in
            guard let language = SourceLanguage(pathExtension: (name as NSString).pathExtension) else { return nil }
            return ([UInt8](try Data(contentsOf: corpus.appendingPathComponent(name))), language)
        }
        let scanner = SourceScanner()
        var bytes = 0
        var findings = 0
        let start = Date()
        while bytes < megabytes * 1_000_000 {
            for (source, language) in files {
                findings += scanner.scan(source, language: language, path: "x").count
                bytes += source.count
            }
        }
        let seconds = Date().timeIntervalSince(start)
        print("scanned \(bytes / 1_000_000) MB in \(String(format: "%.2f", seconds)) s: "
              + "\(String(format: "%.0f", Double(bytes) / 1_000_000 / seconds)) MB/s, \(findings) findings")
    }

    func testLexerThroughput() throws {
        guard let megabytes = ProcessInfo.processInfo.environment["SCANNER_BENCHMARK_MB"].flatMap(Int.init) else {
            throw XCTSkip("set SCANNER_BENCHMARK_MB to run")
        }
        let unit = Array("        let value = dictionary[\"key\"] as? String ?? \"default\" // comment\n".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(megabytes * 1_000_000)
        while bytes.count < megabytes * 1_000_000 { bytes += unit }
        let start = Date()
        let swiftCount = SwiftLexer.tokens(in: bytes, keepsTrivia: false).count
        let swiftSeconds = Date().timeIntervalSince(start)
        let scanStart = Date()
        let findings = SourceScanner().scan(bytes, language: .objectiveC, path: "x").count
        let scanSeconds = Date().timeIntervalSince(scanStart)
        print("Swift lexer: \(swiftCount) tokens, \(String(format: "%.0f", Double(bytes.count) / 1_000_000 / swiftSeconds)) MB/s; "
              + "ObjC scan: \(findings) findings, \(String(format: "%.0f", Double(bytes.count) / 1_000_000 / scanSeconds)) MB/s")
    }
}
