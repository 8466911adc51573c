extension Array where Element: Comparable {
    /// In an array sorted in ascending order, the index of the first element not below `value`
    /// (`count` when there is none), found by a binary search.
    func firstIndex(notBelow value: Element) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// In an array sorted in ascending order, whether an element lies in `range`.
    func containsElement(in range: Range<Element>) -> Bool {
        let first = firstIndex(notBelow: range.lowerBound)
        return first < count && self[first] < range.upperBound
    }
}
