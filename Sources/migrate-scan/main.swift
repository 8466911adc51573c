import Foundation
import MigrateScanCommand
import MigrationScanner

// The command lives in its own target so tests can run it in-process; this file only connects it
// to the process's arguments, standard streams and exit status.
// An interrupted run deletes the temporary files of the reports and fixes it was writing.
TemporaryFileCleanup.installSignalHandlers()
var standardOutput = FileHandleOutputStream.standardOutput
var standardError = FileHandleOutputStream.standardError
let status = MigrationScanCommand.run(
    arguments: Array(CommandLine.arguments.dropFirst()), stdout: &standardOutput, stderr: &standardError)
exit(status)
