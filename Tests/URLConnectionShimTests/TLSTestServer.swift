import Foundation
import XCTest
import Locking

/// An `openssl s_server` on a loopback port with a certificate the test chooses, for the TLS
/// failures the in-package HTTP server cannot produce. The certificates are made with `openssl`
/// in a temporary directory, which `stop()` removes with the process.
final class TLSTestServer {
    /// A certificate the system's trust store does not hold.
    enum Certificate {
        /// Self-signed, for `subjectAltName` (e.g. "IP:127.0.0.1"), valid from now for two days.
        case selfSigned(subjectAltName: String)
        /// Self-signed, for 127.0.0.1, valid for one day in 2020.
        case expired
        /// For 127.0.0.1, signed by a certificate authority of its own.
        case issuedByAnUnknownAuthority
    }

    let port: Int
    private let process: Process
    private let directory: URL

    /// Starts the server; skips the test when `openssl` is not installed (`.ci/run` installs it).
    init(_ certificate: Certificate) throws {
        guard let openssl = Self.openssl else { throw XCTSkip("openssl is not installed: the TLS tests need its s_server") }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let (cert, key) = (directory.appendingPathComponent("cert.pem").path, directory.appendingPathComponent("key.pem").path)
        switch certificate {
        case .selfSigned(let subjectAltName):
            try Self.run(openssl, [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2",
                "-subj", "/CN=test", "-addext", "subjectAltName=\(subjectAltName)",
            ])
        case .expired:
            // `openssl req` only dates a certificate from now; `openssl ca` takes any dates.
            let request = directory.appendingPathComponent("request.pem").path
            try Self.run(openssl, ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", request, "-subj", "/CN=127.0.0.1"])
            let configuration = directory.appendingPathComponent("ca.cnf")
            try Data("""
                [ca]
                default_ca = expired
                [expired]
                database = \(directory.path)/index.txt
                new_certs_dir = \(directory.path)
                serial = \(directory.path)/serial
                default_md = sha256
                policy = any
                [any]
                commonName = supplied
                """.utf8).write(to: configuration)
            try Data().write(to: directory.appendingPathComponent("index.txt"))
            try Data("01\n".utf8).write(to: directory.appendingPathComponent("serial"))
            try Self.run(openssl, [
                "ca", "-batch", "-config", configuration.path, "-selfsign", "-in", request, "-keyfile", key, "-out", cert,
                "-startdate", "20200101000000Z", "-enddate", "20200102000000Z",
            ])
        case .issuedByAnUnknownAuthority:
            let caCert = directory.appendingPathComponent("ca.pem").path
            let caKey = directory.appendingPathComponent("ca-key.pem").path
            let request = directory.appendingPathComponent("request.pem").path
            try Self.run(openssl, ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", caKey, "-out", caCert, "-days", "2", "-subj", "/CN=Unknown Authority"])
            try Self.run(openssl, ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", request, "-subj", "/CN=127.0.0.1"])
            let extensions = directory.appendingPathComponent("san.cnf")
            try Data("subjectAltName=IP:127.0.0.1\n".utf8).write(to: extensions)
            try Self.run(openssl, [
                "x509", "-req", "-in", request, "-CA", caCert, "-CAkey", caKey, "-CAcreateserial", "-out", cert, "-days", "2",
                "-extfile", extensions.path,
            ])
        }
        process = Process()
        process.executableURL = openssl
        process.arguments = ["s_server", "-accept", "0", "-cert", cert, "-key", key, "-naccept", "8"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = Pipe()
        try process.run()
        port = try Self.readPort(from: output.fileHandleForReading, of: process)
    }

    func url(_ path: String) -> URL {
        URL(string: "https://127.0.0.1:\(port)\(path)")!
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    private static let openssl: URL? = ["/usr/bin/openssl", "/usr/local/bin/openssl", "/opt/homebrew/bin/openssl"]
        .map(URL.init(fileURLWithPath:)).first { FileManager.default.isExecutableFile(atPath: $0.path) }

    private static func run(_ openssl: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = openssl
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "openssl \(arguments[0]) failed"]) }
    }

    /// Reads s_server's "ACCEPT [::]:PORT" line; ends the server when none comes within 10 seconds.
    private static func readPort(from output: FileHandle, of process: Process) throws -> Int {
        let text = Locked("")
        let announced = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            while true {
                let chunk = output.availableData
                let hasLine = text.withLock { text -> Bool in
                    text += String(decoding: chunk, as: UTF8.self)
                    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().contains { $0.hasPrefix("ACCEPT") }
                        || chunk.isEmpty
                }
                if hasLine {
                    announced.signal()
                    return
                }
            }
        }
        guard announced.wait(timeout: .now() + 10) == .success,
              let line = text.withLock({ $0 }).split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT") }),
              let port = line.split(separator: ":").last.flatMap({ Int($0) })
        else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "s_server said \(text.withLock { $0 })"])
        }
        return port
    }
}
