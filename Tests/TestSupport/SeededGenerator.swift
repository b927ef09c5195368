/// A small deterministic generator (SplitMix64), so a failing random case repeats with its seed.
public struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    public init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

extension SeededGenerator {
    /// A generator whose first state is `state` itself (`GraphLayout`'s own generator starts so),
    /// for cases written against that sequence.
    public init(state: UInt64) { self.state = state }

    /// A number in `0..<bound` (0 when `bound` is below 1), as `next() % bound`.
    public mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(max(1, bound))) }
}
