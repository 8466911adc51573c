import Foundation
import XCTest

@testable import MigrateScanCommand
@testable import MigrationScanner

final class DiscoveryTests: XCTestCase {
    /// Discovery without git, so the walk is what is tested.
    private func walk(
        _ tree: CLITemporaryTree, paths: [String] = ["."], options: DiscoveryOptions = DiscoveryOptions(usesGit: false)
    ) -> DiscoveryResult {
        FileDiscovery(options: options).discover(paths: paths, root: tree.root)
    }

    private func displayPaths(_ result: DiscoveryResult) -> [String] { result.files.map(\.displayPath) }

    func testWalkFindsSourceExtensionsInNestedFoldersSortedByPath() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("b/deep/er/Z.swift", "")
        try tree.write("a.m", "")
        try tree.write("b/c.mm", "")
        try tree.write("b/c.h", "")
        try tree.write("b/readme.md", "")
        try tree.write("b/script.py", "")
        try tree.write("UPPER.SWIFT", "")
        let result = walk(tree)
        XCTAssertEqual(displayPaths(result), ["UPPER.SWIFT", "a.m", "b/c.h", "b/c.mm", "b/deep/er/Z.swift"])
        XCTAssertEqual(result.files.map(\.language), [.swift, .objectiveC, .objectiveC, .objectiveC, .swift])
        XCTAssertTrue(result.diagnostics.isEmpty)
    }

    func testUTF8OrderIsTheOrderOfTheBytes() {
        var generator = SeededGenerator(seed: 0x0DE5_0A7D)
        let pieces = ["", "a", "b", "/", "é", "日本", "Z", "a/b", "🧪", "\u{0}"]
        for _ in 0..<2_000 {
            let lhs = (0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let rhs = (0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            XCTAssertEqual(lhs.precedesInUTF8Order(rhs), Array(lhs.utf8).lexicographicallyPrecedes(Array(rhs.utf8)), "\(lhs) \(rhs)")
        }
    }

    /// Paths below the root lose the root and its slash, cut by bytes where they share the root's
    /// bytes and by `Character`s where they only share its characters (another normalisation).
    func testDisplayPathIsRelativeToTheRoot() {
        let cases: [(path: String, root: String, shown: String)] = [
            ("/r/a.swift", "/r", "a.swift"), ("/r/é/日本.m", "/r", "é/日本.m"), ("/r", "/r", "."), ("/r/", "/r", ""),
            ("/rx/a.m", "/r", "/rx/a.m"), ("/a.m", "/", "a.m"), ("/", "/", "."), ("/r\u{e9}/x.m", "/r\u{e9}", "x.m"),
            ("/re\u{301}/x.m", "/r\u{e9}", "x.m"), ("/other/a.m", "/r", "/other/a.m"),
        ]
        for (path, root, shown) in cases {
            XCTAssertEqual(FileSystemPath.display(path, root: root), shown, "\(path) under \(root)")
        }
    }

    func testLastComponentIgnoresTrailingSlashesAndKeepsNonASCIINames() {
        let expected = [
            "": "", "/": "/", "//": "//", "a": "a", "/a": "a", "a/": "a", "a//": "a", "/a/b.swift": "b.swift",
            "x/é/日本.m": "日本.m", "a/b//": "b", "///a": "a",
        ]
        for (path, name) in expected {
            XCTAssertEqual(FileSystemPath.lastComponent(path), name, path)
        }
    }

    func testALinkToAFileAlreadyFoundIsScannedOnceUnderTheFilesRealPath() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("small.swift", "let a = 1\n")
        try tree.write("dir/large.m", String(repeating: "int x;\n", count: 100))
        try tree.symlink("link.swift", to: "dir/large.m")
        XCTAssertEqual(displayPaths(walk(tree)), ["dir/large.m", "small.swift"])
    }

    /// The walk reads a name's language from its bytes when the name is ASCII: the answer must be
    /// the path-extension lookup's for any name, including hidden, dotted and non-ASCII ones.
    func testLanguageFromAFileNameIsTheLanguageOfItsPathExtension() {
        let names = [
            "a.swift", "A.SWIFT", "b.m", "c.MM", "d.h", "e.hh", "f.swift.txt", "g.txt.swift", ".swift", "..swift", "a.",
            ".", "noextension", "é.swift", "日本.m", "a.\u{301}swift", "x.\u{301}m", "a.sw\u{0130}ft", "a.ſwift", "a.m\u{301}",
            "A.Swift", "x.mM", "y.H", "a.swi", "a.swiftx", "a.@WIFT", "a.M ", "a.[m", "a..m", "a.m.", "m", "h",
        ]
        for name in names {
            XCTAssertEqual(
                SourceLanguage(fileName: name), SourceLanguage(pathExtension: FileSystemPath.pathExtension(name)), name)
        }
    }

    /// A listing keeps what a walk can use (source files, directories, links), examines no entry
    /// whose kind the directory records, and judges names by bytes as `SourceLanguage(fileName:)`
    /// does, non-ASCII ones included.
    func testDirectoryEntriesAreTheSourcesDirectoriesAndLinksUnexamined() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("dir/a.swift", "let a = 1\n")
        try tree.write("dir/B.M", "")
        try tree.write("dir/notes.txt", "text")
        try tree.write("dir/ré.txt", "text")
        try tree.write("dir/日本.h", "")
        try tree.write("dir/.swift", "")
        try tree.write("dir/sub/b.m", "")
        try tree.symlink("dir/link.txt", to: "dir/notes.txt")
        let entries = try DirectoryEntry.entries(of: tree.root + "/dir").get()
        XCTAssertEqual(entries.map(\.name), ["B.M", "a.swift", "link.txt", "sub", "日本.h"])
        XCTAssertEqual(entries.map(\.language), [.objectiveC, .swift, nil, nil, .objectiveC])
        XCTAssertEqual(entries.map(\.kind), [.regularFile, .regularFile, .symbolicLink, .directory, .regularFile])
        XCTAssertEqual(entries.map { $0.status == nil }, [true, true, true, true, true])
    }

    func testWalkSkipsVendoredDirectoriesUnlessIncluded() throws {
        let tree = try CLITemporaryTree(self)
        for directory in [".build", ".build-linux", ".git", "DerivedData", "Pods", "Carthage", "nested/Pods"] {
            try tree.write("\(directory)/x.swift", "")
        }
        try tree.write("kept/Podsfile.swift", "")
        XCTAssertEqual(displayPaths(walk(tree)), ["kept/Podsfile.swift"])

        let all = walk(tree, options: DiscoveryOptions(includeVendored: true, usesGit: false))
        XCTAssertEqual(all.files.count, 8)
    }

    func testVendoredDirectoryNamedExplicitlyIsScanned() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("Pods/Lib/x.m", "")
        XCTAssertEqual(displayPaths(walk(tree, paths: ["Pods"])), ["Pods/Lib/x.m"])
    }

    func testExcludeGlobsLeaveOutFilesAndDirectories() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("Sources/App/a.swift", "")
        try tree.write("Sources/App/Generated/g.swift", "")
        try tree.write("Sources/App/model.pb.swift", "")
        try tree.write("Tests/t.swift", "")
        let options = DiscoveryOptions(
            excludes: [GlobPattern("Generated"), GlobPattern("*.pb.swift"), GlobPattern("Tests/**")], usesGit: false)
        XCTAssertEqual(displayPaths(walk(tree, options: options)), ["Sources/App/a.swift"])
    }

    func testSymlinkInsideRootIsFollowedOnceAndOutsideRootIsSkippedWithANote() throws {
        let tree = try CLITemporaryTree(self)
        let outside = try CLITemporaryTree(self)
        try outside.write("elsewhere.swift", "")
        try outside.mkdir("dir")
        try outside.write("dir/inner.swift", "")
        try tree.write("real/a.swift", "")
        try tree.write("real/b.swift", "")
        try tree.symlink("alias", to: tree.path("real"))  // the same directory twice
        try tree.symlink("linked.swift", to: "real/b.swift")  // the same file twice
        try tree.write("other/c.swift", "")
        try tree.symlink("z-link-to-other", to: "other")
        try tree.symlink("out.swift", to: outside.path("elsewhere.swift"))
        try tree.symlink("outdir", to: outside.path("dir"))

        let result = walk(tree)
        XCTAssertEqual(displayPaths(result), ["other/c.swift", "real/a.swift", "real/b.swift"])
        let notes = result.diagnostics.map(\.description)
        XCTAssertTrue(notes.contains("out.swift: note: skipped: symlink to a file outside the scanned directory"), "\(notes)")
        XCTAssertTrue(notes.contains("outdir: note: skipped: symlink to a directory outside the scanned directory"), "\(notes)")
        XCTAssertFalse(result.diagnostics.contains { $0.level == .error })
    }

    func testSymlinkToDirectoryNotOtherwiseReachedIsWalked() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("scan/.hidden-real/x.swift", "")
        try tree.symlink("scan/visible", to: ".hidden-real")
        // Both reach the same directory: the real one is walked first, the link is a duplicate.
        XCTAssertEqual(displayPaths(walk(tree)), ["scan/.hidden-real/x.swift"])
        // A link whose target is excluded is still followed under its own name.
        let options = DiscoveryOptions(excludes: [GlobPattern(".hidden-real")], usesGit: false)
        XCTAssertEqual(displayPaths(walk(tree, options: options)), ["scan/visible/x.swift"])
    }

    func testSymlinkLoopsAreDetected() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("a/file.swift", "")
        try tree.symlink("a/up", to: "..")  // a directory cycle
        try tree.symlink("self.swift", to: "self.swift")  // a link to itself
        try tree.symlink("dangling.swift", to: "missing.swift")
        let result = walk(tree)
        XCTAssertEqual(displayPaths(result), ["a/file.swift"])
        let notes = Set(result.diagnostics.map(\.description))
        XCTAssertEqual(
            notes,
            [
                "a/up: note: skipped: symlink to a directory already scanned (a loop or a duplicate)",
                "self.swift: note: skipped: symlink loop",
                "dangling.swift: note: skipped: dangling symlink",
            ])
    }

    func testExplicitFilesAreScannedWhateverTheirLocationAndExclusion() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("Pods/x.swift", "")
        try tree.write("notes.txt", "")
        let options = DiscoveryOptions(excludes: [GlobPattern("*.swift")], usesGit: false)
        let result = walk(tree, paths: ["Pods/x.swift", "notes.txt", "Pods/x.swift", "missing.swift"], options: options)
        XCTAssertEqual(displayPaths(result), ["Pods/x.swift"])
        XCTAssertEqual(result.files.first?.isExplicit, true)
        XCTAssertEqual(
            result.diagnostics.map(\.description),
            [
                "notes.txt: note: skipped: not a Swift or Objective-C source (.swift .m .mm .h)",
                "missing.swift: error: No such file or directory",
            ])
    }

    func testFilesOutsideTheRootAreShownWithAbsolutePaths() throws {
        let tree = try CLITemporaryTree(self)
        let outside = try CLITemporaryTree(self)
        try outside.write("o.swift", "")
        XCTAssertEqual(displayPaths(walk(tree, paths: [outside.root])), [outside.path("o.swift")])
    }

    func testUnreadableDirectoryIsAnErrorAndTheWalkGoesOn() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("locked/secret.swift", "")
        try tree.write("open/a.swift", "")
        chmod(tree.path("locked"), 0)
        let result = walk(tree)
        if access(tree.path("locked"), R_OK) == 0 {
            // Running as root: permissions do not stop reads, so the directory is simply scanned.
            XCTAssertEqual(displayPaths(result), ["locked/secret.swift", "open/a.swift"])
        } else {
            XCTAssertEqual(displayPaths(result), ["open/a.swift"])
            XCTAssertEqual(result.diagnostics.map(\.description), ["locked: error: cannot read directory: Permission denied"])
        }
    }

    // MARK: git work trees

    private func git(_ arguments: [String], in directory: String) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    func testGitWorkTreeListsTrackedAndUntrackedButNotIgnoredFiles() throws {
        let tree = try CLITemporaryTree(self)
        guard try git(["init", "-q"], in: tree.root) else { throw XCTSkip("git is not available") }
        try tree.write(".gitignore", "ignored/\n*.generated.swift\n")
        try tree.write("tracked.swift", "")
        try tree.write("ignored/i.swift", "")
        try tree.write("x.generated.swift", "")
        try tree.write("untracked/u.m", "")
        try tree.write("Pods/p.swift", "")
        try tree.write("deleted.swift", "")
        XCTAssertTrue(try git(["add", "tracked.swift", "deleted.swift", "Pods/p.swift"], in: tree.root))
        try FileManager.default.removeItem(atPath: tree.path("deleted.swift"))

        let result = FileDiscovery().discover(paths: ["."], root: tree.root)
        XCTAssertEqual(displayPaths(result), ["tracked.swift", "untracked/u.m"])
        XCTAssertTrue(result.diagnostics.isEmpty, "\(result.diagnostics)")

        let vendored = FileDiscovery(options: DiscoveryOptions(includeVendored: true)).discover(paths: ["."], root: tree.root)
        XCTAssertEqual(displayPaths(vendored), ["Pods/p.swift", "tracked.swift", "untracked/u.m"])

        // An ignored directory named explicitly is walked: git lists nothing in it.
        XCTAssertEqual(displayPaths(FileDiscovery().discover(paths: ["ignored"], root: tree.root)), ["ignored/i.swift"])

        // Without git the ignore file means nothing: the walk finds the ignored files too.
        let walked = FileDiscovery(options: DiscoveryOptions(gitExecutable: "/nonexistent/git"))
            .discover(paths: ["."], root: tree.root)
        XCTAssertEqual(
            displayPaths(walked), ["ignored/i.swift", "tracked.swift", "untracked/u.m", "x.generated.swift"])
    }

    func testGitIsStartedOnlyWhereAWorkTreeCanBe() throws {
        let tree = try CLITemporaryTree(self)
        try tree.write("a/one.swift", "")
        if GitFileLister.mayBeInWorkTree(tree.root) { throw XCTSkip("the temporary directory lies inside a git work tree") }
        XCTAssertFalse(GitFileLister.mayBeInWorkTree(tree.path("a")))
        XCTAssertNil(GitFileLister().listFiles(in: tree.path("a")))
        guard try git(["init", "-q"], in: tree.root) else { throw XCTSkip("git is not available") }
        XCTAssertTrue(GitFileLister.mayBeInWorkTree(tree.path("a")))
        XCTAssertEqual(GitFileLister().listFiles(in: tree.path("a")), ["one.swift"])
    }

    func testGitSubdirectoryListsOnlyItsFiles() throws {
        let tree = try CLITemporaryTree(self)
        guard try git(["init", "-q"], in: tree.root) else { throw XCTSkip("git is not available") }
        try tree.write("a/one.swift", "")
        try tree.write("b/two.swift", "")
        XCTAssertEqual(displayPaths(FileDiscovery().discover(paths: ["a"], root: tree.root)), ["a/one.swift"])
    }

    // MARK: loading

    func testLoaderSkipsBinaryAndOverLargeFilesButNotExplicitOnes() throws {
        let tree = try CLITemporaryTree(self)
        let binary = try tree.write("bin.swift", bytes: Array("let a = 1".utf8) + [0] + Array("more".utf8))
        let large = try tree.write("large.swift", String(repeating: "x", count: 2000))
        let invalid = try tree.write("latin1.m", bytes: [0x2F, 0x2F, 0xE9, 0xFF, 0x0A])
        let loader = SourceFileLoader(maximumFileSize: 1000)
        func file(_ path: String, explicit: Bool = false) -> DiscoveredFile {
            DiscoveredFile(absolutePath: path, displayPath: path, language: .swift, isExplicit: explicit)
        }
        XCTAssertEqual(loader.load(file(binary)), .skipped(reason: "skipped: binary file (a NUL byte in the first 8 KiB)"))
        XCTAssertEqual(
            loader.load(file(large)), .skipped(reason: "skipped: 2000 bytes, over the 1000-byte limit (--max-file-size)"))
        XCTAssertEqual(loader.load(file(large, explicit: true)), .source(Array(repeating: UInt8(ascii: "x"), count: 2000)))
        XCTAssertEqual(loader.load(file(invalid)), .source([0x2F, 0x2F, 0xE9, 0xFF, 0x0A]))
    }

    func testLoaderLooksForNULOnlyInTheFirst8KiB() throws {
        let tree = try CLITemporaryTree(self)
        let late = try tree.write("late.swift", bytes: Array(repeating: UInt8(ascii: " "), count: 8192) + [0])
        let loaded = SourceFileLoader().load(
            DiscoveredFile(absolutePath: late, displayPath: "late.swift", language: .swift, isExplicit: false))
        guard case .source(let bytes) = loaded else { return XCTFail("\(loaded)") }
        XCTAssertEqual(bytes.count, 8193)
    }

    /// The loader stops reading at the size `fstat` gave when a read falls short there; a file whose
    /// size `fstat` does not know (0, as for the kernel's own files) is read to its end all the same.
    func testLoaderReadsAFileOfUnknownSizeToItsEnd() throws {
        #if os(Linux)
        let loaded = SourceFileLoader().load(
            DiscoveredFile(absolutePath: "/proc/self/status", displayPath: "status", language: .swift, isExplicit: true))
        guard case .source(let bytes) = loaded else { return XCTFail("\(loaded)") }
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("Name:"), text)
        XCTAssertTrue(text.contains("\nPid:"), text)
        XCTAssertTrue(text.hasSuffix("\n"), text)
        #else
        throw XCTSkip("/proc is Linux's")
        #endif
    }

    func testLoaderReportsAnUnreadableFile() throws {
        let tree = try CLITemporaryTree(self)
        let locked = try tree.write("locked.swift", "let x = 1")
        chmod(locked, 0)
        let loaded = SourceFileLoader().load(
            DiscoveredFile(absolutePath: locked, displayPath: "locked.swift", language: .swift, isExplicit: false))
        if access(locked, R_OK) == 0 {
            XCTAssertEqual(loaded, .source(Array("let x = 1".utf8)), "root reads whatever the mode")
        } else {
            XCTAssertEqual(loaded, .failed(reason: "cannot read: Permission denied"))
        }
        // A directory where a file was expected fails the same way whoever runs the test.
        try tree.mkdir("dir.swift")
        let directory = SourceFileLoader().load(
            DiscoveredFile(absolutePath: tree.path("dir.swift"), displayPath: "dir.swift", language: .swift, isExplicit: true))
        XCTAssertEqual(directory, .failed(reason: "cannot read: Is a directory"))
    }
}
