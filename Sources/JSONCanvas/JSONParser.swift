/// A small JSON parser (RFC 8259) that keeps each value's byte offset, for messages that name
/// `file:line:col`; Foundation's `JSONSerialization` gives neither places nor a reason a person
/// can act on. Nesting is bounded (``maxDepth``), so hostile input cannot exhaust the stack.
public struct JSONParser {
    /// Far deeper than a board nests (three levels); bounds the recursion.
    public static let maxDepth = 128

    /// Why the text is not JSON, and where.
    public struct SyntaxError: Error, Sendable, Hashable {
        public var offset: Int
        public var message: String
    }

    private let bytes: [UInt8]
    private var position = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The one value the text holds (a byte order mark and blanks around it allowed).
    public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
        var parser = JSONParser(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }
        let value = try parser.value(depth: 0)
        parser.skipBlanks()
        guard parser.position == bytes.count else {
            throw parser.error("unexpected \(parser.describe(parser.position)) after the JSON value")
        }
        return value
    }

    private func error(_ message: String, at offset: Int? = nil) -> SyntaxError {
        SyntaxError(offset: offset ?? position, message: message)
    }

    /// How a message names the byte at `offset`.
    private func describe(_ offset: Int) -> String {
        guard offset < bytes.count else { return "end of file" }
        let byte = bytes[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func skipBlanks() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(SyntaxError) -> JSONValue {
        skipBlanks()
        guard position < bytes.count else { throw error("unexpected end of file; a value was expected") }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"):
            guard depth < Self.maxDepth else { throw error("nested more than \(Self.maxDepth) deep") }
            return JSONValue(.object(try members(depth: depth)), at: start)
        case UInt8(ascii: "["):
            guard depth < Self.maxDepth else { throw error("nested more than \(Self.maxDepth) deep") }
            return JSONValue(.array(try elements(depth: depth)), at: start)
        case UInt8(ascii: "\""):
            return JSONValue(.string(try string()), at: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONValue(.bool(true), at: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONValue(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONValue(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try number()), at: start)
        default:
            throw error("unexpected \(describe(position)); a value was expected")
        }
    }

    private mutating func literal(_ word: String) throws(SyntaxError) {
        let expected = Array(word.utf8)
        guard bytes.count - position >= expected.count,
            bytes[position..<position + expected.count].elementsEqual(expected)
        else { throw error("unexpected \(describe(position)); a value was expected") }
        position += expected.count
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(SyntaxError) {
        skipBlanks()
        guard position < bytes.count, bytes[position] == byte else {
            throw error("expected \(what), found \(describe(position))")
        }
        position += 1
    }

    private mutating func members(depth: Int) throws(SyntaxError) -> [JSONMember] {
        position += 1
        var members: [JSONMember] = []
        skipBlanks()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return members
        }
        while true {
            skipBlanks()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error("expected a member name in quotes, found \(describe(position))")
            }
            let keyOffset = position
            let key = try string().value
            try expect(UInt8(ascii: ":"), "':' after the member name")
            members.append(JSONMember(key: key, keyOffset: keyOffset, value: try value(depth: depth + 1)))
            skipBlanks()
            guard position < bytes.count else { throw error("unexpected end of file; '}' was expected") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}'")
            return members
        }
    }

    private mutating func elements(depth: Int) throws(SyntaxError) -> [JSONValue] {
        position += 1
        var elements: [JSONValue] = []
        skipBlanks()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return elements
        }
        while true {
            elements.append(try value(depth: depth + 1))
            skipBlanks()
            guard position < bytes.count else { throw error("unexpected end of file; ']' was expected") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']'")
            return elements
        }
    }

    private mutating func string() throws(SyntaxError) -> JSONString {
        let opening = position
        position += 1
        let start = position
        var decoded: [UInt8] = []
        var escapes: [JSONString.Escape] = []
        while true {
            guard position < bytes.count else {
                throw error("unterminated string (it starts here)", at: opening)
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return JSONString(
                    value: String(decoding: decoded, as: UTF8.self), start: start, escapes: escapes)
            }
            if byte < 0x20 {
                throw error("a control character (\(describe(position))) inside a string; write it escaped")
            }
            if byte != UInt8(ascii: "\\") {
                decoded.append(byte)
                position += 1
                continue
            }
            try escape(into: &decoded)
            escapes.append(.init(decoded: decoded.count, written: position))
        }
    }

    /// One backslash escape at `position`, decoded into `output`.
    private mutating func escape(into output: inout [UInt8]) throws(SyntaxError) {
        let backslash = position
        guard position + 1 < bytes.count else { throw error("unterminated escape", at: backslash) }
        let letter = bytes[position + 1]
        position += 2
        let simple: UInt8? =
            switch letter {
            case UInt8(ascii: "\""): 0x22
            case UInt8(ascii: "\\"): 0x5C
            case UInt8(ascii: "/"): 0x2F
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            output.append(simple)
            return
        }
        guard letter == UInt8(ascii: "u") else {
            throw error("unknown escape '\\\(describe(backslash + 1))' in a string", at: backslash)
        }
        var scalar = try hex4(at: backslash)
        if (0xD800...0xDBFF).contains(scalar), position + 1 < bytes.count,
            bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
        {
            let save = position
            position += 2
            let low = try hex4(at: save)
            if (0xDC00...0xDFFF).contains(low) {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else {
                position = save
            }
        }
        // A lone surrogate is not a character: it becomes U+FFFD, as a bad byte in a note does.
        let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        output.append(contentsOf: Array(String(character).utf8))
    }

    private mutating func hex4(at escape: Int) throws(SyntaxError) -> UInt32 {
        guard bytes.count - position >= 4 else {
            throw error("a '\\u' escape needs four hex digits", at: escape)
        }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("a '\\u' escape needs four hex digits", at: escape)
            }
            value = value * 16 + UInt32(digit)
            position += 1
        }
        return value
    }

    private mutating func number() throws(SyntaxError) -> Double {
        let start = position
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        func digits() -> Int {
            let first = position
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
            return position - first
        }
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        let leadingZero = position < bytes.count && bytes[position] == UInt8(ascii: "0")
        let whole = digits()
        guard whole > 0, !(leadingZero && whole > 1) else { throw error("malformed number", at: start) }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { throw error("malformed number", at: start) }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count,
                bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
            {
                position += 1
            }
            guard digits() > 0 else { throw error("malformed number", at: start) }
        }
        guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)) else {
            throw error("malformed number", at: start)
        }
        return value
    }
}
