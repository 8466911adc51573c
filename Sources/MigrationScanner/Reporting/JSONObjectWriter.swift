/// Writes one JSON object's members as bytes, laid out exactly as `JSONValue.serialized()` lays
/// out an object at the same depth, without building a `JSONValue` for it first.
///
/// A member is opened by `key(_:)` (or one of the typed helpers); the object is closed by `finish()`.
struct JSONObjectWriter {
    private var bytes: [UInt8]
    private let depth: Int
    private var memberCount = 0

    /// An object at `depth` (0 for a document's top level), its `{` appended to `bytes`.
    ///
    /// `bytes` is consumed, so the writer holds the only reference to its buffer: with the
    /// parameter still alive beside it (as an unoptimized build keeps it), the first append copied
    /// the whole buffer, once per finding of a report being written.
    init(depth: Int, appendingTo bytes: consuming [UInt8] = []) {
        self.bytes = consume bytes
        self.depth = depth
        self.bytes.append(UInt8(ascii: "{"))
    }

    /// Starts a member: the separator, the indentation, the quoted key and `: `. Keys are the
    /// schema's own names, which need no escaping: their bytes are copied as they are.
    ///
    /// Byte by byte rather than through `String.UTF8View`s: a report writes nine members a finding,
    /// and appending a literal's view went through a generic path each time.
    mutating func key(_ key: StaticString) {
        if memberCount > 0 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\n"))
        Self.indent(depth + 1, in: &bytes)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        bytes.append(UInt8(ascii: " "))
        memberCount += 1
    }

    mutating func string(_ key: StaticString, _ value: String) {
        self.key(key)
        JSONValue.writeString(value, to: &bytes)
    }

    mutating func integer(_ key: StaticString, _ value: Int) {
        self.key(key)
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func value(_ key: StaticString, _ value: JSONValue) {
        self.key(key)
        value.write(to: &bytes, depth: depth + 1)
    }

    /// Bytes of a member's value written by the caller (after `key(_:)`).
    mutating func append(_ valueBytes: [UInt8]) {
        bytes.append(contentsOf: valueBytes)
    }

    /// What was written since the last call, as text, handed over so it need not be held.
    mutating func takeText() -> String {
        defer { bytes.removeAll(keepingCapacity: true) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The rest of the object with its closing brace; the writer is spent.
    package mutating func finish() -> [UInt8] {
        if memberCount > 0 {
            bytes.append(UInt8(ascii: "\n"))
            Self.indent(depth, in: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
        defer { bytes = [] }
        return bytes
    }

    /// Two spaces a level, as `JSONValue` indents.
    static func indent(_ depth: Int, in output: inout [UInt8]) {
        for _ in 0..<(2 * depth) { output.append(UInt8(ascii: " ")) }
    }
}
