import Foundation

// program-fuzz: generated legacy programs run before and after every --fix target (Docs/Fuzzing.md).
let options: ProgramFuzzOptions
let toolchain: Toolchain
do {
    options = try ProgramFuzzOptions.parse(Array(CommandLine.arguments.dropFirst()))
    // Writing the programs compiles nothing.
    toolchain = try Toolchain(options: options, languages: options.write == nil ? options.languages : [])
} catch let error as ProgramFuzzUsageError {
    if let message = error.message {
        FileHandle.standardError.write(Data("program-fuzz: error: \(message)\n".utf8))
        exit(2)
    }
    print(ProgramFuzzOptions.help, terminator: "")
    exit(0)
} catch {
    FileHandle.standardError.write(Data("program-fuzz: error: \(error)\n".utf8))
    exit(2)
}

if let folder = options.write {
    do {
        let written = try Campaign.write(options: options, to: folder)
        print("program-fuzz: wrote \(written) programs to \(folder)")
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("program-fuzz: error: \(error)\n".utf8))
        exit(2)
    }
}

let work = options.keep ?? FileManager.default.temporaryDirectory.appendingPathComponent("program-fuzz-\(UUID().uuidString)").path
try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
let started = Date()
let campaign = Campaign(options: options, toolchain: toolchain, work: work) { FileHandle.standardError.write(Data($0.utf8)) }
let tallies: [ProgramTally]
do {
    tallies = try campaign.run()
} catch {
    FileHandle.standardError.write(Data("program-fuzz: error: \(error)\n".utf8))
    exit(2)
}
if options.keep == nil { try? FileManager.default.removeItem(atPath: work) }
print("program-fuzz: seed \(options.seed), programs \(options.firstProgram)..<\(options.firstProgram + options.programs) per language, "
    + "\(Int(Date().timeIntervalSince(started))) s")
var failed = false
for tally in tallies {
    print(tally.render(), terminator: "")
    failed = failed || !tally.differing.isEmpty || !tally.generatorErrors.isEmpty
}
exit(failed ? 1 : 0)
