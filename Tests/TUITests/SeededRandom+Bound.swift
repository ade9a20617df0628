import Core

extension SeededRandom {
    /// A number below `bound`, for the property tests' sizes and positions.
    mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
