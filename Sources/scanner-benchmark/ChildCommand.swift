/// A program to run as a child, with where its standard output goes.
struct ChildCommand {
    var executable: String
    var arguments: [String]
    var outputPath: String
}
