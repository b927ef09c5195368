import HTMLText
import Testing

@Suite struct HTMLTextTests {
    @Test func escapesWhatCmarkEscapes() {
        #expect("a < b && c > \"d\" 'e'".htmlEscaped == "a &lt; b &amp;&amp; c &gt; &quot;d&quot; 'e'")
    }

    @Test func singleQuotesOnRequest() {
        #expect(HTMLText.escaped("it's", singleQuote: true) == "it&#39;s")
    }

    @Test func leavesOtherTextAlone() {
        #expect("Lisbon, café 日本 — ok".htmlEscaped == "Lisbon, café 日本 — ok")
        #expect("".htmlEscaped == "")
        #expect("&".htmlEscaped == "&amp;")
    }

    @Test func noncontiguousBytesToo() {
        var output: [UInt8] = []
        HTMLText.appendEscaped("<x>".utf8.lazy.map { $0 }, to: &output)
        #expect(String(decoding: output, as: UTF8.self) == "&lt;x&gt;")
    }
}

/// The masked scan against the plainest escaper: a switch per byte.
@Suite struct HTMLTextEquivalenceTests {
    static func reference(_ bytes: [UInt8], singleQuote: Bool) -> [UInt8] {
        var output: [UInt8] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): output += Array("&amp;".utf8)
            case UInt8(ascii: "<"): output += Array("&lt;".utf8)
            case UInt8(ascii: ">"): output += Array("&gt;".utf8)
            case UInt8(ascii: "\""): output += Array("&quot;".utf8)
            case UInt8(ascii: "'") where singleQuote: output += Array("&#39;".utf8)
            default: output.append(byte)
            }
        }
        return output
    }

    /// Long texts with few specials: the eight-byte steps pass over most of them, at every
    /// alignment, and stop exactly at each special (also next to bytes equal to a special plus 64 or
    /// 128, which a wrong mask or a borrow between bytes would take for one).
    @Test func sparseSpecialsInLongTexts() {
        let plain: [UInt8] =
            Array("abfg|~ xyz.,;:!?09\n".utf8) + [0, 1, 98, 102, 103, 124, 126, 0xA2, 0xA6, 0xBC, 0xE2, 0xFF]
        let specials = Array("\"&'<>".utf8)
        var state: UInt64 = 0x1234_5678
        for _ in 0..<1_000 {
            var bytes: [UInt8] = []
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int(state >> 56) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let pick = Int(state >> 33)
                bytes.append(
                    pick % 23 == 0 ? specials[pick / 23 % specials.count] : plain[pick % plain.count])
            }
            for singleQuote in [false, true] {
                var output: [UInt8] = []
                HTMLText.appendEscaped(bytes.span, singleQuote: singleQuote, to: &output)
                #expect(output == Self.reference(bytes, singleQuote: singleQuote), "\(bytes)")
            }
        }
    }

    @Test func randomBytesEscapeAsAByteSwitchDoes() {
        // Specials, their neighbours, bytes that alias them modulo 64 (`b`, `f`, `g`, `|`, `~`, 0xA2...)
        // and bytes past 127, in random runs.
        let alphabet: [UInt8] = Array("\"&'<>!#%;=?`bfg|~ a\n".utf8) + [0, 63, 64, 98, 0xA2, 0xE6, 0xFF]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let count = Int(state >> 58)
            var bytes: [UInt8] = []
            for _ in 0..<count {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(
                    state >> 62 == 0
                        ? UInt8(truncatingIfNeeded: state >> 40) : alphabet[Int(state >> 33) % alphabet.count]
                )
            }
            for singleQuote in [false, true] {
                var output: [UInt8] = [9]
                HTMLText.appendEscaped(bytes.span, singleQuote: singleQuote, to: &output)
                #expect(output == [9] + Self.reference(bytes, singleQuote: singleQuote), "\(bytes)")
            }
        }
    }
}
