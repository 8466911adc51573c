/// A type declaration: a Swift class, struct, enum, actor, extension or protocol, or an
/// Objective-C `@interface`, `@implementation` or `@protocol`, with what it inherits.
struct TypeSpan: Sendable {
    enum Kind: Sendable {
        case swiftType, swiftExtension, swiftProtocol
        case objectiveCInterface, objectiveCImplementation, objectiveCProtocol
    }

    var kind: Kind
    /// The `class`/`extension`/`@interface`… token.
    var keyword: Int
    /// The name token (for an extension of `A.B`, the last component).
    package var name: Int
    /// Superclass and adopted protocols, one token per entry, in source order. For
    /// Objective-C the superclass is `superclass` and this lists the `<…>` protocols.
    var inherited: [Int]
    /// The Objective-C superclass after `:`.
    var superclass: Int?
    /// Token range of the body: between the braces, or from the header's end to `@end`.
    var body: Range<Int>

    /// The token naming the superclass, as far as the declaration shows it: Objective-C's after
    /// `:`, or a Swift class's first inherited name (which may be a protocol).
    var likelySuperclass: Int? {
        superclass ?? (kind == .swiftType ? inherited.first : nil)
    }
}
