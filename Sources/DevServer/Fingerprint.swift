import Foundation

/// FNV-1a, 64 bits: a cheap way to tell whether bytes changed between two builds (not for security).
struct Fingerprint: Hashable, Sendable, CustomStringConvertible {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    init() {}

    init<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        add(bytes)
    }

    mutating func add<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        var hash = value
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        value = hash
    }

    /// The same as the generic `add`, over the bytes in place (the generic one iterates `Data`
    /// a byte at a time through its iterator, which took most of a rebuild's snapshot).
    mutating func add(_ data: Data) {
        data.withUnsafeBytes { raw in add(raw.bindMemory(to: UInt8.self)) }
    }

    /// 16 hex digits.
    var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
