/// A horizontal bar chart as inline SVG: one labelled bar per entry, longest first.
struct SVGBarChart {
    struct Bar {
        var label: String
        var value: Double
        /// Shown after the bar; the value when nil.
        var caption: String?
        /// Where the label links to (an anchor in the page), if anywhere.
        var link: String?
    }

    var title: String
    var bars: [Bar]
    var width = 760
    var labelWidth = 300
    var barHeight = 22

    package func render() -> String {
        let rowHeight = barHeight + 6
        let height = max(1, bars.count) * rowHeight + 8
        let largest = bars.map(\.value).max() ?? 0
        let plotWidth = Double(width - labelWidth - 90)
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"\(width)\" height=\"\(height)\" "
            + "viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-label=\"\(HTMLEscaping.escape(title))\">\n"
        svg += "<title>\(HTMLEscaping.escape(title))</title>\n"
        for (row, bar) in bars.enumerated() {
            let y = 4 + row * rowHeight
            let length = largest > 0 ? max(2, Int((bar.value / largest * plotWidth).rounded())) : 2
            var label = "<text x=\"\(labelWidth - 8)\" y=\"\(y + barHeight - 6)\" text-anchor=\"end\">"
                + HTMLEscaping.escape(Self.shortened(bar.label)) + "</text>"
            if let link = bar.link {
                label = "<a href=\"\(HTMLEscaping.escape(link))\">\(label)</a>"
            }
            svg += "<g>\(label)"
                + "<rect x=\"\(labelWidth)\" y=\"\(y)\" width=\"\(length)\" height=\"\(barHeight)\" rx=\"3\"/>"
                + "<text class=\"value\" x=\"\(labelWidth + length + 6)\" y=\"\(y + barHeight - 6)\">"
                + HTMLEscaping.escape(bar.caption ?? Self.number(bar.value)) + "</text></g>\n"
        }
        return svg + "</svg>"
    }

    /// Labels longer than the label column are cut, keeping the end (the distinctive part of a path).
    private static func shortened(_ label: String) -> String {
        label.count <= 40 ? label : "…" + label.suffix(39)
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String((value * 10).rounded() / 10)
    }
}
