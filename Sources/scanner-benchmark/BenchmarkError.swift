/// A reason the benchmark cannot go on, printed as `scanner-benchmark: error: …`.
struct BenchmarkError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
