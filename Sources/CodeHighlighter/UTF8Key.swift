import ContentDigest
import Foundation

/// Equality and hashing of texts by their UTF-8 bytes. Swift's own `==` and `hash(into:)` on
/// String follow canonical equivalence: code with `é` as one scalar and as `e` with a combining
/// accent would be one block and get the other's bytes back, and hashing non-ASCII text
/// normalizes it first (most of a warm highlight stage's time).
enum UTF8Key {
    static func same(_ first: String, _ second: String) -> Bool {
        var first = first
        var second = second
        return first.withUTF8 { one in
            second.withUTF8 { other in
                one.count == other.count
                    && (one.isEmpty || memcmp(one.baseAddress!, other.baseAddress!, one.count) == 0)
            }
        }
    }

    /// The bytes' digest, then their count, which ends the field: ("ab", "c") and ("a", "bc")
    /// differ. (SipHash over every block's code was a fifth of a warm highlight stage.)
    static func hash(_ text: String, into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(BulkDigest.of(UnsafeRawBufferPointer($0))) }
        hasher.combine(text.utf8.count)
    }
}

extension CodeHighlighter.Block {
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.digest == rhs.digest && UTF8Key.same(lhs.language, rhs.language)
            && UTF8Key.same(lhs.code, rhs.code)
    }

    /// The code's digest stands for the code (it covers its length): made once, in `init`.
    public func hash(into hasher: inout Hasher) {
        UTF8Key.hash(language, into: &hasher)
        hasher.combine(digest)
    }
}
