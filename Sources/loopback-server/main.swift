import Foundation
import LoopbackHTTPServer

// A loopback server for programs that are not Swift (the Objective-C proof under GNUstep):
// it serves the built-in routes on an ephemeral port, prints the port on the first line of
// standard output, and stops when standard input reaches end of file, so the caller ends it
// by closing a pipe instead of guessing a delay or sending a signal.
let server: LoopbackServer
do {
    server = try LoopbackServer()
} catch {
    FileHandle.standardError.write(Data("loopback-server: cannot listen: \(error)\n".utf8))
    exit(1)
}
FileHandle.standardOutput.write(Data("\(server.port)\n".utf8))
_ = FileHandle.standardInput.readDataToEndOfFile()
server.stop()
