extension Duration {
    /// The duration as a floating-point number of seconds, for rates and tables.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
