import Foundation
import ProgramGenerator

/// A language of generated programs: how its programs are written, fixed, compiled and run.
enum Language: String, Sendable {
    case swift
    case objectiveC = "objc"

    var fileExtension: String { self == .swift ? "swift" : "m" }

    /// The side every rewrite is compared with: the legacy program as written, on the stack it was
    /// written for. Swift has no NSURLConnection on Linux: its legacy programs run on the shim under
    /// NSURLConnection's Swift names (`legacyNames`), so the shim's own fix is checked too.
    var reference: Side {
        switch self {
        case .swift: Side(name: "legacy", fix: nil, target: "")
        case .objectiveC: Side(name: "nsurlconnection", fix: nil, target: "")
        }
    }

    /// Each `--fix` target as the side it makes, in the order the report lists them.
    var rewrites: [Side] {
        switch self {
        case .swift:
            [Side(name: "shim", fix: ["--fix"], target: "swift --fix (shim)"),
             Side(name: "urlsession", fix: ["--fix", "--to", "urlsession"], target: "swift --to urlsession")]
        case .objectiveC:
            [Side(name: "nsurlsession", fix: ["--fix"], target: "objective-c --fix")]
        }
    }

    /// A source compiled with a side that holds a legacy program (the reference, or a rewrite whose
    /// output did not compile and was replaced by it): what Apple's Foundation gave the program and
    /// Linux's does not, NSURLConnection's Swift names as the shim's types and the URL-loading
    /// types from FoundationNetworking. Not compiled with rewritten programs, so a name a rewrite
    /// leaves behind, or an import it forgets, fails to build.
    var legacyNames: String? {
        guard self == .swift else { return nil }
        return """
            #if canImport(FoundationNetworking)
            @_exported import FoundationNetworking
            #endif
            @_exported import URLConnectionShim
            typealias NSURLConnection = URLConnection
            typealias NSURLConnectionDelegate = URLConnectionDelegate
            typealias NSURLConnectionDataDelegate = URLConnectionDataDelegate

            """
    }

    func applies(to shape: ProgramShape) -> Bool {
        self == .swift ? shape.forwardingProtocol == .none : ObjectiveCProgramWriter.applies(to: shape)
    }

    func program(_ shape: ProgramShape, index: Int) -> String {
        self == .swift ? SwiftProgramWriter.program(shape, index: index) : ObjectiveCProgramWriter.program(shape, index: index)
    }

    func driver(indices: [Int]) -> String {
        self == .swift ? SwiftProgramWriter.driver(indices: indices) : ObjectiveCProgramWriter.driver(indices: indices)
    }

    /// The command that compiles `sources` into `executable`.
    func compileCommand(sources: [String], executable: String, toolchain: Toolchain) -> [String] {
        switch self {
        case .swift:
            ["swiftc", "-wmo", "-swift-version", "5", "-I", toolchain.swiftModules] + sources + toolchain.shimObjects + ["-o", executable]
        case .objectiveC:
            [toolchain.objectiveCCompiler] + toolchain.objectiveCFlags + ["-fobjc-arc", "-I", toolchain.proofSupport] + sources
                + ["-o", executable] + toolchain.objectiveCLibraries
        }
    }

    /// One side of the comparison.
    struct Side: Sendable {
        let name: String
        /// The `migrate-scan` arguments that make this side (nil: the legacy program as written).
        let fix: [String]?
        /// How the report names the rewrite (empty for the reference).
        let target: String
    }
}

/// What compiling a batch needs: the shim's module and objects from this executable's own build,
/// and GNUstep's compiler and flags.
struct Toolchain: Sendable {
    let swiftModules: String
    let shimObjects: [String]
    let objectiveCCompiler: String
    let objectiveCFlags: [String]
    let objectiveCLibraries: [String]
    let proofSupport: String

    init(options: ProgramFuzzOptions, languages: [Language]) throws {
        // The executable lives in the build directory that holds the shim's module and objects.
        let build = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().path
        swiftModules = build + "/Modules"
        var objects: [String] = []
        for target in ["URLConnectionShim", "Locking"] {
            let directory = build + "/\(target).build"
            let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            objects += files.filter { $0.hasSuffix(".o") }.sorted().map { directory + "/" + $0 }
        }
        shimObjects = objects
        if languages.contains(.swift) && objects.isEmpty {
            throw ProgramFuzzUsageError("no URLConnectionShim objects under \(build): run the program-fuzz that swift build made")
        }
        proofSupport = options.packageRoot + "/Tests/ObjectiveCProof/Support"
        guard languages.contains(.objectiveC) else {
            objectiveCCompiler = ""
            objectiveCFlags = []
            objectiveCLibraries = []
            return
        }
        let config = options.gnustep + "/bin/gnustep-config"
        guard FileManager.default.isExecutableFile(atPath: config) else {
            throw ProgramFuzzUsageError("no GNUstep at \(options.gnustep) (\(config) missing)")
        }
        guard FileManager.default.fileExists(atPath: proofSupport + "/ProofSupport.h") else {
            throw ProgramFuzzUsageError("no Tests/ObjectiveCProof/Support/ProofSupport.h under \(options.packageRoot): give --package-root")
        }
        func words(_ arguments: [String]) throws -> [String] {
            let result = try ChildProcess.run([config] + arguments, timeout: 60)
            return result.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        }
        objectiveCCompiler = try words(["--variable=CC"]).first ?? "clang"
        // -MMD -MP would write a dependency file beside each output; nothing reads them. A batch
        // runs once: -O2 and -g would cost most of its compile time and buy nothing.
        objectiveCFlags = try words(["--objc-flags"]).filter { !["-MMD", "-MP", "-O2", "-g"].contains($0) } + ["-O0"]
        objectiveCLibraries = try words(["--base-libs"])
    }
}
