/// A JSON document with object keys kept in the order written, so reports read in a
/// documented order (`version` first) and are byte-for-byte deterministic.
package enum JSONValue: Sendable, Hashable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    /// Keys in output order; a key must not repeat.
    case object([(String, JSONValue)])
    /// An array whose elements are made while it is written (a report's findings), so a long
    /// document never holds them all as values.
    case elements(JSONElements)

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(serialized())
    }

    /// Pretty-printed with two-space indents and a trailing newline; non-ASCII text is written as UTF-8.
    package func serialized() -> String {
        var output: [UInt8] = []
        write(to: &output, depth: 0, emit: { _ in })
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes of `serialized()`, handed to `emit` in pieces as they are written: after every
    /// batch of a `.elements` array and at the end. A report's document is never held whole.
    func serialize(emit: (String) -> Void) {
        var output: [UInt8] = []
        write(to: &output, depth: 0) { pending in
            emit(String(decoding: pending, as: UTF8.self))
            pending.removeAll(keepingCapacity: true)
        }
        output.append(UInt8(ascii: "\n"))
        emit(String(decoding: output, as: UTF8.self))
    }

    /// Writes UTF-8 bytes, not a `String`: appending to a `String` piece by piece cost more than
    /// scanning the files whose findings the report lists. `emit` takes what is pending in
    /// `output` when a batch of `.elements` is done; `serialized()` passes one that keeps it.
    /// The value's bytes at `depth` (its first line not indented, as a member's value is not).
    package func write(to output: inout [UInt8], depth: Int) {
        write(to: &output, depth: depth, emit: { _ in })
    }

    private func write(to output: inout [UInt8], depth: Int, emit: (inout [UInt8]) -> Void) {
        switch self {
        case .string(let text): Self.writeString(text, to: &output)
        case .integer(let number): output.append(contentsOf: String(number).utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .null: output.append(contentsOf: "null".utf8)
        case .array(let elements) where elements.count < 2 * [JSONValue].minimumConcurrentChunk:
            // Too short to write in chunks on every core: written in place, so that `.elements`
            // inside (SARIF's results, in its one run) still hand over each batch.
            Self.writeContainer(isEmpty: elements.isEmpty, open: "[", close: "]", depth: depth, to: &output) { output in
                for (index, element) in elements.enumerated() {
                    Self.writeMember(index, of: elements.count, depth: depth, to: &output) {
                        element.write(to: &$0, depth: depth + 1, emit: emit)
                    }
                }
            }
        case .array(let elements):
            // Long arrays (a report's findings) are written on every core, in chunks.
            let chunks = elements.concurrentChunks { slice in
                var chunk: [UInt8] = []
                for index in slice.indices {
                    Self.writeMember(index, of: elements.count, depth: depth, to: &chunk) {
                        slice[index].write(to: &$0, depth: depth + 1, emit: { _ in })
                    }
                }
                return chunk
            }
            Self.writeContainer(isEmpty: elements.isEmpty, open: "[", close: "]", depth: depth, to: &output) { output in
                for chunk in chunks { output.append(contentsOf: chunk) }
            }
        case .object(let members):
            Self.writeContainer(isEmpty: members.isEmpty, open: "{", close: "}", depth: depth, to: &output) { output in
                for (index, (key, value)) in members.enumerated() {
                    Self.writeMember(index, of: members.count, depth: depth, to: &output) { output in
                        Self.writeString(key, to: &output)
                        output.append(contentsOf: ": ".utf8)
                        value.write(to: &output, depth: depth + 1, emit: emit)
                    }
                }
            }
        case .elements(let elements):
            Self.writeContainer(isEmpty: elements.count == 0, open: "[", close: "]", depth: depth, to: &output) { output in
                // Batches written on every core, each emitted before the next is made.
                var batchStart = 0
                while batchStart < elements.count {
                    let batch = Array(batchStart..<min(batchStart + JSONElements.batchSize, elements.count))
                    let chunks = batch.concurrentChunks { indices in
                        var chunk: [UInt8] = []
                        for index in indices {
                            Self.writeMember(index, of: elements.count, depth: depth, to: &chunk) {
                                elements.element(index).write(to: &$0, depth: depth + 1, emit: { _ in })
                            }
                        }
                        return chunk
                    }
                    for chunk in chunks { output.append(contentsOf: chunk) }
                    emit(&output)
                    batchStart += batch.count
                }
            }
        }
    }

    private static func writeContainer(
        isEmpty: Bool, open: Unicode.Scalar, close: Unicode.Scalar, depth: Int, to output: inout [UInt8],
        writeMembers: (inout [UInt8]) -> Void
    ) {
        output.append(UInt8(ascii: open))
        if !isEmpty {
            output.append(UInt8(ascii: "\n"))
            writeMembers(&output)
            JSONObjectWriter.indent(depth, in: &output)
        }
        output.append(UInt8(ascii: close))
    }

    /// One member of a container at `depth`: indented, then a comma unless it is the last.
    private static func writeMember(
        _ index: Int, of count: Int, depth: Int, to output: inout [UInt8], writeValue: (inout [UInt8]) -> Void
    ) {
        JSONObjectWriter.indent(depth + 1, in: &output)
        writeValue(&output)
        if index < count - 1 { output.append(UInt8(ascii: ",")) }
        output.append(UInt8(ascii: "\n"))
    }

    /// RFC 8259 escaping: the quote, the backslash and every control character (U+0000–U+001F, and
    /// U+007F for safety in terminals); `/` is left alone since JSON does not require escaping it.
    /// Every character JSON escapes is ASCII, so the other bytes are copied as they are.
    static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            // Report text rarely needs escaping: eight bytes at a time up to the first that might.
            let clean = ByteSearch.firstJSONEscapeCandidate(in: utf8)
            for index in clean..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                output.append(contentsOf: escape(byte).utf8)
                runStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func escape(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\""): return "\\\""
        case UInt8(ascii: "\\"): return "\\\\"
        case UInt8(ascii: "\n"): return "\\n"
        case UInt8(ascii: "\r"): return "\\r"
        case UInt8(ascii: "\t"): return "\\t"
        case 0x08: return "\\b"
        case 0x0C: return "\\f"
        default:
            let hex = String(byte, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
}
