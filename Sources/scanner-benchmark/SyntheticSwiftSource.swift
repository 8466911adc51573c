import SeededRandomness

/// Synthetic Swift: types whose members mix plain code, comments, raw and multi-line strings
/// and interpolations, with legacy calls at a low rate.
enum SyntheticSwiftSource {
    /// Legacy code the rules report; `\(name)` is the enclosing member's name.
    private static let legacyStatements = [
        "let connection = NSURLConnection(request: request, delegate: self, startImmediately: false)",
        "NSURLConnection.sendAsynchronousRequest(request, queue: OperationQueue.main) { response, data, error in self.finish(data) }",
        "let data = try NSURLConnection.sendSynchronousRequest(request, returning: nil)",
        "let webView = UIWebView(frame: .zero)",
        "print(\"\\(NSURLConnection.self) is still linked\")",
        "let session = URLSession(configuration: .default, delegate: self, delegateQueue: nil)",
    ]
    private static let legacyMembers = [
        "func connection(_ connection: NSURLConnection, didReceive data: Data) {\n        buffer.append(data)\n    }",
        "func connectionDidFinishLoading(_ connection: NSURLConnection) {\n        delegate?.didFinish(buffer)\n    }",
        "var activeConnection: NSURLConnection?",
    ]

    /// Appends a file of about `lineCount` lines.
    static func write(lineCount: Int, fileNumber: Int, into text: inout String, using random: inout SeededRandom) {
        text += "//\n//  \(SyntheticVocabulary.capitalized(random.pick(SyntheticVocabulary.nouns)))\(fileNumber).swift\n//\n\n"
        text += "import Foundation\n"
        if random.chance(0.4) { text += "import UIKit\n" }
        text += "\n"
        var lines = 6
        while lines < lineCount {
            let typeName = SyntheticVocabulary.typeName(number: fileNumber * 100 + lines, using: &random)
            text += "/// \(SyntheticVocabulary.phrase(using: &random)).\n"
            text += random.chance(0.5) ? "final class \(typeName) {\n" : "struct \(typeName) {\n"
            text += "    var buffer = Data()\n    var count = 0\n"
            lines += 4
            let members = Int.random(in: 3...12, using: &random)
            for _ in 0..<members where lines < lineCount {
                lines += writeMember(into: &text, using: &random)
            }
            text += "}\n\n"
            lines += 2
        }
    }

    /// Appends one member; returns the lines written.
    private static func writeMember(into text: inout String, using random: inout SeededRandom) -> Int {
        if random.chance(0.02) {
            text += "    " + random.pick(legacyMembers) + "\n\n"
            return 4
        }
        let name = SyntheticVocabulary.memberName(using: &random)
        let noun = random.pick(SyntheticVocabulary.nouns)
        let phrase = SyntheticVocabulary.phrase(using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            text += "    // \(phrase)\n    var \(name): [String: Int] = [\"\(noun)\": \(Int.random(in: 0...999, using: &random))]\n\n"
            return 3
        case 1:
            text += """
                    /* \(phrase)
                       /* nested: \(random.pick(SyntheticVocabulary.legacyMentions)) */ */
                    func \(name)(_ \(noun): String, limit: Int = 10) -> String {
                        let label = "\\(\(noun)) has \\(limit + count) entries — \(phrase)"
                        guard !\(noun).isEmpty else { return #"\(random.pick(SyntheticVocabulary.legacyMentions))("raw")"# }
                        return label.uppercased()
                    }


                """
            return 8
        case 2:
            text += """
                    func \(name)(items: [Int]) -> [Int] {
                        let doubled = items.map { $0 * 2 }.filter { $0 > \(Int.random(in: 1...9, using: &random)) }
                        let message = \"\"\"
                            \(phrase)
                            total: \\(doubled.reduce(0, +)), first: \\(doubled.first ?? 0)
                            \"\"\"
                        print(message)
                        return doubled.sorted(by: >)
                    }


                """
            return 11
        case 3:
            let statement = random.chance(0.06) ? random.pick(legacyStatements) : "let \(noun) = \"\(phrase)\""
            text += """
                    func \(name)(request: URLRequest) throws {
                        \(statement)
                        switch count {
                        case 0: count = 1
                        case 1...9: count += 0x1F
                        default: count = Int(3.5e2)
                        }
                    }


                """
            return 10
        case 4:
            text += "    /// \(phrase)\n    func \(name)(_ value: Double) -> Double { value * \(Double.random(in: 0...9, using: &random)) }\n\n"
            return 3
        default:
            text += """
                    lazy var \(name): (Int) -> String = { [weak self] value in
                        if let self, value > self.count { return "\\(value) > \\(self.count)" }
                        return "\(phrase)"
                    }


                """
            return 6
        }
    }
}
