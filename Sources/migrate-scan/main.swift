import Foundation
import MigrationScanner

// The command lives in the library so tests can run it in-process; this file only connects it
// to the process's arguments, standard streams and exit status.
var standardOutput = FileHandleOutputStream.standardOutput
var standardError = FileHandleOutputStream.standardError
let status = MigrationScanCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()), stdout: &standardOutput, stderr: &standardError)
exit(status)
