import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

/// `--fix` treats files as clang-apply-replacements and swift-format do — a
/// symlink is followed inside the root or refused, never replaced; a read-only file is reported
/// and not written; owner, mode and access time are kept; line breaks and a byte order mark are
/// kept; overlapping edits are a conflict; a report format other than text is a usage error.
final class FixFileSafetyTests: XCTestCase {
    private let legacy = "import Foundation\n\nclass Loader: NSObject, NSURLConnectionDataDelegate {\n}\n"
    private let fixed = "import Foundation\nimport URLConnectionShim\n\nclass Loader: NSObject, URLConnectionDataDelegate {\n}\n"

    private func run(_ arguments: [String], in tree: CLITemporaryTree) -> CLIRun {
        CLIRun(arguments, in: tree.root, command: MigrationScanCommand(currentDirectory: tree.root))
    }

    func testSymlinkInsideTheRootIsFollowedAndStaysALink() throws {
        let tree = try CLITemporaryTree(self)
        let target = try tree.write("Real/Loader.swift", legacy)
        try tree.symlink("link.swift", to: "Real/Loader.swift")
        let result = run(["--fix", "link.swift"], in: tree)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: tree.path("link.swift")), "Real/Loader.swift")
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), fixed)
    }

    func testSymlinkLeavingTheRootIsRefusedWithAReason() throws {
        let tree = try CLITemporaryTree(self)
        let outside = try tree.write("Outside/Loader.swift", legacy)
        try tree.mkdir("Project")
        try tree.symlink("Project/link.swift", to: outside)
        let result = CLIRun(["--fix", "link.swift"], in: tree.path("Project"),
                            command: MigrationScanCommand(currentDirectory: tree.path("Project")))
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr.split(separator: "\n").first.map(String.init),
                       "link.swift: error: symlink to \(outside), outside the root; not rewritten")
        XCTAssertEqual(try String(contentsOfFile: outside, encoding: .utf8), legacy)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: tree.path("Project/link.swift")), outside)
    }

    func testReadOnlyFileIsReportedNotWrittenAndFailsTheRun() throws {
        let tree = try CLITemporaryTree(self)
        let path = try tree.write("Loader.swift", legacy)
        XCTAssertEqual(chmod(path, 0o444), 0)
        let result = run(["--fix"], in: tree)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("Loader.swift: error: read-only; not rewritten\n"), result.stderr)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), legacy)
        XCTAssertEqual(result.stdout, "")
    }

    func testHardLinkedFileIsRefusedSoBothNamesKeepTheSameContents() throws {
        let tree = try CLITemporaryTree(self)
        let path = try tree.write("Loader.swift", legacy)
        XCTAssertEqual(link(path, tree.path("Copy.swift.txt")), 0)
        let result = run(["--fix", "Loader.swift"], in: tree)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr.split(separator: "\n").first.map(String.init),
                       "Loader.swift: error: has 2 hard links, which a new file would split; not rewritten")
        XCTAssertEqual(try String(contentsOfFile: tree.path("Copy.swift.txt"), encoding: .utf8), legacy)
    }

    func testOwnerModeAndAccessTimeAreKept() throws {
        let tree = try CLITemporaryTree(self)
        let path = try tree.write("Loader.swift", legacy)
        XCTAssertEqual(chmod(path, 0o664), 0)
        // An access time after the modification time and within a day: reading the file (relatime) keeps it.
        let accessed = Int(Date().timeIntervalSince1970) + 3600
        var times = [timespec(tv_sec: accessed, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
        let owner: (uid: uid_t, gid: gid_t) = geteuid() == 0 ? (4321, 4322) : (geteuid(), getegid())
        XCTAssertEqual(chown(path, owner.uid, owner.gid), 0)
        let result = run(["--fix"], in: tree)
        XCTAssertEqual(result.status, 0, result.stderr)
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o7777, 0o664)
        XCTAssertEqual(info.st_uid, owner.uid)
        XCTAssertEqual(info.st_gid, owner.gid)
        XCTAssertEqual(Self.accessSeconds(info), accessed)
        XCTAssertNotEqual(Self.modificationSeconds(info), 1_000_000_000)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), fixed)
    }

    func testCRLFLinesAndByteOrderMarkAreKept() throws {
        let tree = try CLITemporaryTree(self)
        let crlf = legacy.replacingOccurrences(of: "\n", with: "\r\n")
        let path = try tree.write("Loader.swift", bytes: LineBreaks.byteOrderMark + Array(crlf.utf8))
        XCTAssertEqual(run(["--fix"], in: tree).status, 0)
        XCTAssertEqual([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))),
                       LineBreaks.byteOrderMark + Array(fixed.replacingOccurrences(of: "\n", with: "\r\n").utf8))
    }

    func testMixedLineBreaksKeepEachLinesAndAFileWithoutImportsKeepsItsByteOrderMark() {
        let mixed = Array("import Foundation\r\nlet c: NSURLConnection? = nil\n".utf8)
        XCTAssertEqual(String(decoding: SwiftShimEmitter().fix(mixed), as: UTF8.self),
                       "import Foundation\r\nimport URLConnectionShim\r\nlet c: URLConnection? = nil\n")
        let bare = LineBreaks.byteOrderMark + Array("let c: NSURLConnection? = nil\r\n".utf8)
        XCTAssertEqual(SwiftShimEmitter().fix(bare),
                       LineBreaks.byteOrderMark + Array("import URLConnectionShim\r\n\r\nlet c: URLConnection? = nil\r\n".utf8))
    }

    func testOverlappingEditsAreAConflictAndIdenticalOnesApplyOnce() {
        let rename = SourceEdit(range: 4..<8, replacement: "B")
        XCTAssertEqual(EditConflict.resolve([rename, rename]), .success([rename]))
        let wider = SourceEdit(range: 2..<6, replacement: "C")
        XCTAssertEqual(EditConflict.resolve([rename, wider]), .failure(EditConflict(first: wider, second: rename)))
        let insertA = SourceEdit(range: 3..<3, replacement: "a")
        let insertB = SourceEdit(range: 3..<3, replacement: "b")
        XCTAssertEqual(EditConflict.resolve([insertA, insertB]), .failure(EditConflict(first: insertA, second: insertB)))
    }

    func testFixWithAReportFormatIsAUsageError() throws {
        let tree = try CLITemporaryTree(self)
        let path = try tree.write("Loader.swift", legacy)
        let result = run(["--fix", "--format", "json"], in: tree)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "migrate-scan: error: '--format json' cannot be used with --fix, "
            + "which prints the files it changes as text\n")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), legacy)
    }

    func testAFileWrittenForSwift2IsLeftUntouchedWithAOneLineReason() throws {
        let tree = try CLITemporaryTree(self)
        let swift2 = legacy.replacingOccurrences(of: "{\n}", with: "{\n    func go() { println(NSURLRequest(URL: url)) }\n}")
        let path = try tree.write("Loader.swift", swift2)
        let result = run(["--fix"], in: tree)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "Loader.swift:4: note: not rewritten (Swift 2): 'println(' was removed in Swift 3, so the "
            + "file cannot compile whatever --fix changes; convert it to current Swift syntax first (Xcode: Edit > Convert), then run --fix\n")
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), swift2)
        XCTAssertEqual(PreSwift3Marker.first(in: TokenStream(bytes: Array("let r = NSMutableURLRequest(URL: u)".utf8), language: .swift)),
                       PreSwift3Marker(line: 1, spelling: "NSMutableURLRequest(URL:"))
        XCTAssertNil(PreSwift3Marker.first(in: TokenStream(bytes: Array("// println(x)\nlet q = OperationQueue.main".utf8), language: .swift)))
    }

    private static func accessSeconds(_ info: stat) -> Int {
        #if canImport(Darwin)
        info.st_atimespec.tv_sec
        #else
        info.st_atim.tv_sec
        #endif
    }

    private static func modificationSeconds(_ info: stat) -> Int {
        #if canImport(Darwin)
        info.st_mtimespec.tv_sec
        #else
        info.st_mtim.tv_sec
        #endif
    }
}
