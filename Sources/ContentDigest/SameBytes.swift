/// Equality of two runs of bytes, eight at a time, beside ``BulkDigest``: the two halves of a key
/// kept in a table by its bytes (the highlight cache's code, the search index's terms). The loads
/// are checked against the spans' bounds, and any eight bytes are a valid `UInt64`, so it reads
/// nothing it may not. (Byte by byte, the highlight cache's comparisons cost 9M instructions more
/// on the bench vault's warm build than memcmp.)
public enum SameBytes {
    @inlinable
    public static func same(_ first: Span<UInt8>, _ second: Span<UInt8>) -> Bool {
        guard first.count == second.count else { return false }
        let (one, other) = (first.bytes, second.bytes)
        let count = first.count
        var offset = 0
        while offset &+ 8 <= count {
            guard
                one.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    == other.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset &+= 8
        }
        while offset < count {
            guard first[offset] == second[offset] else { return false }
            offset &+= 1
        }
        return true
    }
}
