/// Decides from raw bytes, before lexing, whether a file can contain any of a set of names.
///
/// Most files in a large codebase mention no legacy name at all; for them this is the whole
/// scan. It tests one 4-byte window every `stride` bytes against a table of 16-bit hashes holding
/// every window of every name at offsets `0..<stride`, so each occurrence of a name covers
/// a tested position; a hit in the table is verified against the names themselves. Matching is
/// on bytes, not tokens, so it can only err towards lexing a file needlessly.
///
/// The scan reads its tables through raw pointers: windows of names such as "data", "http" or
/// "Init" occur all over real code, and a hit that retained an array (a dictionary lookup, a
/// slice) made the workers of a parallel scan contend for the same reference counts.
struct NamePrefilter: Sendable {
    private struct Candidate: Sendable {
        var window: UInt32
        /// Where the name starts in `nameBytes`, its length, and the window's offset in it.
        var nameStart: Int32
        var nameLength: Int32
        var offset: Int32
    }

    private let hasShortName: Bool
    private let stride: Int
    /// One byte per 16-bit hash, 1 where some name's window has that hash. A byte rather than a bit:
    /// the test is one load, where a bit takes a shift and a mask more; on real code that saves more
    /// than the larger table (64 KiB instead of 8) costs.
    private let hitTable: [UInt8]
    /// The candidates whose window hashes to `h` are `candidates[bucketStarts[h]..<bucketStarts[h + 1]]`.
    /// 16 bits an entry, so at most 65,535 candidates: the rules' names and the suppression marker
    /// give a few hundred, and the table is filled at every start of the command.
    private let bucketStarts: [UInt16]
    private let candidates: [Candidate]
    /// Every name, end to end.
    private let nameBytes: [UInt8]

    init(names spellings: [String]) {
        let names = Array(Set(spellings)).sorted().map { Array($0.utf8) }
        hasShortName = names.contains { $0.count < 4 }
        // As far apart as the shortest name allows: every name has a window at each offset below
        // the stride, so a long name alone (the suppression marker) is found testing a tenth of
        // the windows.
        stride = max(1, (names.map(\.count).min() ?? 4) - 3)
        var hitTable = [UInt8](repeating: 0, count: 65_536)
        var placed: [(hash: Int, candidate: Candidate)] = []
        var nameBytes: [UInt8] = []
        for name in names where name.count >= 4 {
            for offset in 0..<stride {
                let window = Self.window(name, at: offset)
                let hash = Self.hash(window)
                hitTable[hash] = 1
                let candidate = Candidate(
                    window: window, nameStart: Int32(nameBytes.count), nameLength: Int32(name.count), offset: Int32(offset))
                placed.append((hash, candidate))
            }
            nameBytes += name
        }
        placed.sort { $0.hash < $1.hash }
        // The last start is the number of candidates, so it too must fit in 16 bits.
        precondition(placed.count <= Int(UInt16.max), "more candidates than bucket starts can index")
        let sortedHashes = placed.map(\.hash)
        // Each entry written once, through a buffer: filled by subscript in this loop, the table
        // costs every run's start a noticeable share of a one-file scan (a pre-commit hook's).
        bucketStarts = sortedHashes.withUnsafeBufferPointer { hashes in
            [UInt16](unsafeUninitializedCapacity: 65_537) { starts, initialized in
                var next = 0
                for hash in 0...65_536 {
                    starts.initializeElement(at: hash, to: UInt16(truncatingIfNeeded: next))
                    while next < hashes.count && hashes[next] == hash { next += 1 }
                }
                initialized = 65_537
            }
        }
        self.hitTable = hitTable
        candidates = placed.map(\.candidate)
        self.nameBytes = nameBytes
    }

    /// The 4 bytes of `bytes` from `offset` as one little-endian word, as the scan loads them.
    static func window(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }

    /// The 16-bit hash of a 4-byte window (little-endian), `hitTable`'s and `bucketStarts`' index.
    @inline(__always)
    static func hash(_ window: UInt32) -> Int {
        Int((window &* 0x9E37_79B1) >> 16)
    }

    /// False only when no name occurs anywhere in `bytes`.
    func mayMatch(_ bytes: [UInt8]) -> Bool {
        if hasShortName { return true }
        return bytes.withUnsafeBytes { raw in
            hitTable.withUnsafeBufferPointer { hitTable in
                bucketStarts.withUnsafeBufferPointer { bucketStarts in
                    candidates.withUnsafeBufferPointer { candidates in
                        nameBytes.withUnsafeBufferPointer { nameBytes in
                            let tables = Tables(
                                hitTable: hitTable, bucketStarts: bucketStarts, candidates: candidates, nameBytes: nameBytes)
                            return firstOccurrence(in: raw, tables: tables)
                        }
                    }
                }
            }
        }
    }

    /// The prefilter's tables as raw buffers, valid for one call of `mayMatch(_:)`.
    private struct Tables {
        var hitTable: UnsafeBufferPointer<UInt8>
        var bucketStarts: UnsafeBufferPointer<UInt16>
        var candidates: UnsafeBufferPointer<Candidate>
        var nameBytes: UnsafeBufferPointer<UInt8>
    }

    /// Whether a name occurs in `raw`, testing the windows at `0, stride, 2 × stride, …`.
    ///
    /// Four windows a step share one branch, and the step keeps only their table entries: fewer
    /// than one window in a hundred hits the table on real code, so the cost is the hashing and the
    /// loads, not a branch per window or each window kept for the candidate check; the check of a
    /// step that hit reads its windows again.
    private func firstOccurrence(in raw: UnsafeRawBufferPointer, tables: Tables) -> Bool {
        let count = raw.count
        var position = 0
        let step = 4 &* stride
        let lastWindowOfStep = 3 &* stride
        while position &+ lastWindowOfStep &+ 4 <= count {
            let hits =
                Self.entry(Self.window(in: raw, at: position), tables.hitTable)
                | Self.entry(Self.window(in: raw, at: position &+ stride), tables.hitTable)
                | Self.entry(Self.window(in: raw, at: position &+ 2 &* stride), tables.hitTable)
                | Self.entry(Self.window(in: raw, at: position &+ lastWindowOfStep), tables.hitTable)
            if hits != 0 && nameOccurs(inStepAt: position, in: raw, tables: tables) { return true }
            position &+= step
        }
        while position &+ 4 <= count {
            if Self.nameOccurs(at: position, in: raw, tables: tables) { return true }
            position &+= stride
        }
        return false
    }

    /// Whether a name occurs at one of the four windows of the step at `position`; out of line so
    /// that the step's loop keeps its registers.
    @inline(never)
    private func nameOccurs(inStepAt position: Int, in raw: UnsafeRawBufferPointer, tables: Tables) -> Bool {
        (0..<4).contains { Self.nameOccurs(at: position + $0 * stride, in: raw, tables: tables) }
    }

    @inline(__always)
    private static func window(in raw: UnsafeRawBufferPointer, at position: Int) -> UInt32 {
        raw.loadUnaligned(fromByteOffset: position, as: UInt32.self).littleEndian
    }

    /// 1 when some name has a window with the hash of `window`, else 0.
    @inline(__always)
    private static func entry(_ window: UInt32, _ hitTable: UnsafeBufferPointer<UInt8>) -> UInt8 {
        hitTable[hash(window)]
    }

    /// Whether a name whose window at some offset equals the window at `position` starts that
    /// offset before `position`.
    @inline(__always)
    private static func nameOccurs(at position: Int, in raw: UnsafeRawBufferPointer, tables: Tables) -> Bool {
        let window = window(in: raw, at: position)
        guard entry(window, tables.hitTable) != 0 else { return false }
        let hash = hash(window)
        for candidate in tables.candidates[Int(tables.bucketStarts[hash])..<Int(tables.bucketStarts[hash + 1])]
        where candidate.window == window && nameOccurs(candidate, at: position, in: raw, nameBytes: tables.nameBytes) {
            return true
        }
        return false
    }

    @inline(__always)
    private static func nameOccurs(
        _ candidate: Candidate, at position: Int, in raw: UnsafeRawBufferPointer, nameBytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let start = position - Int(candidate.offset)
        let length = Int(candidate.nameLength)
        guard start >= 0 && start + length <= raw.count else { return false }
        let name = Int(candidate.nameStart)
        var index = 0
        while index < length && raw[start + index] == nameBytes[name + index] { index += 1 }
        return index == length
    }
}
