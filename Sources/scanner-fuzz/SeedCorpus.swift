import Foundation
import MigrationScanner

/// The real sources mutations start from: files from the seed directories and every rule's examples.
struct SeedCorpus {
    struct Seed {
        var bytes: [UInt8]
        var language: SourceLanguage
    }

    let seeds: [Seed]

    /// Reads every `.swift`, `.m`, `.mm` and `.h` file under `directories`, in path order.
    init(directories: [String]) throws(FuzzUsageError) {
        var seeds: [Seed] = []
        for directory in directories {
            // Checked first: on Linux a missing directory gives an empty walk, not nil, and a campaign
            // without its seeds would silently be another campaign (other files under the same case numbers).
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue,
                  let walker = FileManager.default.enumerator(atPath: directory) else {
                throw FuzzUsageError("cannot read the seed directory '\(directory)'")
            }
            let paths = walker.compactMap { $0 as? String }.sorted()
            for path in paths {
                guard let language = SourceLanguage(pathExtension: (path as NSString).pathExtension),
                      let data = FileManager.default.contents(atPath: directory + "/" + path)
                else { continue }
                seeds.append(Seed(bytes: [UInt8](data), language: language))
            }
        }
        for rule in RuleCatalog.descriptions {
            for example in rule.triggeringExamples + rule.nonTriggeringExamples {
                seeds.append(Seed(bytes: Array(example.code.utf8), language: example.language))
            }
        }
        // Real files end in a newline (the rules' examples do not): a missing one is a mutation of its own.
        self.seeds = seeds.map { seed in
            var seed = seed
            if seed.bytes.last != 0x0A { seed.bytes.append(0x0A) }
            return seed
        }
    }
}
