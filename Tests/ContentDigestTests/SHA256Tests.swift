import ContentDigest
import Foundation
import Testing

struct SHA256Tests {
    // FIPS 180-4's examples (one block, two blocks) and the empty message.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func knownDigests(text: String, digest: String) {
        #expect(SHA256.hex(text.utf8) == digest)
        #expect(SHA256.hex(Array(text.utf8)) == digest)
        #expect(SHA256.hex(Data(text.utf8)) == digest)
    }

    @Test func longInputCrossesManyBlocks() {
        #expect(
            SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// A sequence with no contiguous storage is copied first: the same digest.
    @Test func anySequenceOfBytes() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) }
        #expect(SHA256.hex(bytes.lazy.map { $0 }) == SHA256.hex(bytes))
        #expect(SHA256.hex(bytes[1...]) == SHA256.hex(Array(bytes[1...])))
    }
}
