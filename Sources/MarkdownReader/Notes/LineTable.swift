/// Where each line of a text starts, to turn byte offsets into 1-based lines and columns and back.
/// Lines end at LF, CR LF or CR, as cmark ends them.
struct LineTable: Sendable {
    let starts: [Int]
    let count: Int

    init(_ bytes: [UInt8]) {
        var starts = [0]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == Byte.cr, index < bytes.count, bytes[index] == Byte.lf { index += 1 }
            if byte == Byte.lf || byte == Byte.cr { starts.append(index) }
        }
        self.starts = starts
        count = bytes.count
    }

    /// The byte offset of a 1-based line and column, clamped to the text.
    func offset(line: Int, column: Int) -> Int {
        let line = min(max(line, 1), starts.count)
        return min(max(starts[line - 1] + column - 1, 0), count)
    }

    /// The 1-based line and column of a byte offset.
    func position(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }
}

/// ASCII bytes the notes scanner looks at.
enum Byte {
    static let lf = UInt8(ascii: "\n")
    static let cr = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let backslash = UInt8(ascii: "\\")
    static let backtick = UInt8(ascii: "`")
    static let tilde = UInt8(ascii: "~")

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == lf || byte == cr || byte == 0x0B || byte == 0x0C
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }
}
