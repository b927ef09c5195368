/// libcmark turns `\~` into a plain `~` in text, and the strikethrough pass could not tell it from a
/// delimiter. So before parsing, each `\~` becomes an unassigned two-byte character (U+0378, same
/// length, so every column stays), which ``CmarkConverter`` turns back: `~` in text, link
/// destinations and titles (where the escape applies), `\~` in code and raw HTML (where it does not).
enum EscapedTildes {
    static let marker = "\u{0378}"
    static let markerBytes: [UInt8] = [0xCD, 0xB8]

    /// The source with every backslash-escaped `~` replaced by the marker.
    static func mark(_ bytes: [UInt8]) -> [UInt8] {
        guard Byte.contains(bytes, UInt8(ascii: "\\")) else { return bytes }
        var output = bytes
        var index = 0
        // From backslash to backslash (memchr): a byte loop here was half the cost of the pass.
        while let found = Byte.firstIndex(
            of: UInt8(ascii: "\\"), in: output, from: index, to: output.count - 1)
        {
            let next = output[found + 1]
            if next == UInt8(ascii: "~") {
                output[found] = markerBytes[0]
                output[found + 1] = markerBytes[1]
            }
            // A backslash escapes only ASCII punctuation (`\\` included); skip the pair either way.
            index = found + (isASCIIPunctuation(next) ? 2 : 1)
        }
        return output
    }

    /// Turns markers back: `~` where cmark applied the escape, `\~` where it kept the source.
    static func restore(_ string: String, escapeApplied: Bool) -> String {
        guard Byte.contains(string, markerBytes[0]) else { return string }
        var output = ""
        for scalar in string.unicodeScalars {
            if scalar.value == 0x378 {
                output += escapeApplied ? "~" : "\\~"
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// The bytes with markers written back as `\~`.
    static func raw(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == markerBytes[0] && byte == markerBytes[1] {
                output[output.count - 1] = UInt8(ascii: "\\")
                output.append(UInt8(ascii: "~"))
            } else {
                output.append(byte)
            }
            previous = byte
        }
        return output
    }

    private static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (33...47).contains(byte) || (58...64).contains(byte) || (91...96).contains(byte)
            || (123...126).contains(byte)
    }
}
