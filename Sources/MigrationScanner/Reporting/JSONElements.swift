/// The elements of a JSON array made one at a time while it is written (`JSONValue.elements`).
///
/// A report's findings are written this way: as values, 80,000 findings held a tree of
/// strings several times the size of the document, on top of the document itself.
package struct JSONElements: Sendable {
    /// Elements made and written between two hand-overs of the output: bounds what a document
    /// being written holds, whatever the array's length.
    static let batchSize = 8_192

    let count: Int
    let element: @Sendable (Int) -> JSONValue

    init(count: Int, element: @escaping @Sendable (Int) -> JSONValue) {
        self.count = count
        self.element = element
    }

    /// One element per item of `items`, made by `transform` when it is written.
    init<Item: Sendable>(_ items: [Item], _ transform: @escaping @Sendable (Item) -> JSONValue) {
        self.init(count: items.count) { transform(items[$0]) }
    }
}
