/// Cuts an expression's text into tokens, each with its UTF-8 offset.
struct ExpressionLexer {
    enum Kind: Equatable {
        case number(Double)
        case string(String)
        case identifier(String)
        case regex(String)
        /// Operators and punctuation: `(`, `==`, `&&`...
        case symbol(String)
        case end
    }

    struct Token: Equatable {
        var kind: Kind
        var offset: Int
    }

    struct Failure: Error {
        var message: String
        var offset: Int
    }

    private let bytes: [UInt8]
    private var index = 0

    /// Two-byte operators, as two bytes in one number.
    private static let pairs: Set<UInt16> = Set(
        ["==", "!=", "<=", ">=", "&&", "||"].map { symbol in
            symbol.utf8.reduce(UInt16(0)) { $0 << 8 | UInt16($1) }
        })
    private static let singles = Set("()[]{},.:+-*/%<>!".utf8)

    static func tokens(_ text: String) throws(Failure) -> [Token] {
        var lexer = ExpressionLexer(bytes: Array(text.utf8))
        var tokens: [Token] = []
        while true {
            let token = try lexer.next(after: tokens.last?.kind)
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func next(after previous: Kind?) throws(Failure) -> Token {
        while index < bytes.count, bytes[index] == 32 || (9...13).contains(bytes[index]) { index += 1 }
        let start = index
        guard index < bytes.count else { return Token(kind: .end, offset: start) }
        let byte = bytes[index]
        if (48...57).contains(byte)
            || (byte == UInt8(ascii: ".") && index + 1 < bytes.count
                && (48...57).contains(bytes[index + 1]) && !Self.endsOperand(previous))
        {
            return Token(kind: .number(try number()), offset: start)
        }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            return Token(kind: .string(try string(quote: byte)), offset: start)
        }
        if Self.startsIdentifier(byte) {
            while index < bytes.count, Self.continuesIdentifier(bytes[index]) { index += 1 }
            return Token(
                kind: .identifier(String(decoding: bytes[start..<index], as: UTF8.self)), offset: start)
        }
        if byte == UInt8(ascii: "/"), !Self.endsOperand(previous) {
            return Token(kind: .regex(try regex()), offset: start)
        }
        if index + 1 < bytes.count, Self.pairs.contains(UInt16(byte) << 8 | UInt16(bytes[index + 1])) {
            index += 2
            return Token(kind: .symbol(String(decoding: bytes[start..<index], as: UTF8.self)), offset: start)
        }
        if Self.singles.contains(byte) {
            index += 1
            return Token(kind: .symbol(String(UnicodeScalar(byte))), offset: start)
        }
        let character = String(decoding: bytes[start..<min(bytes.count, start + 1)], as: UTF8.self)
        throw Failure(message: "unexpected character '\(character)'", offset: start)
    }

    /// After a value, `/` divides and `.` reads a member; elsewhere they start a regex or a number.
    private static func endsOperand(_ kind: Kind?) -> Bool {
        switch kind {
        case .number, .string, .identifier, .regex: true
        case .symbol(let symbol): symbol == ")" || symbol == "]" || symbol == "}"
        case .end, nil: false
        }
    }

    private static func startsIdentifier(_ byte: UInt8) -> Bool {
        (65...90).contains(byte) || (97...122).contains(byte) || byte == UInt8(ascii: "_") || byte == 36
            || byte >= 0x80
    }

    private static func continuesIdentifier(_ byte: UInt8) -> Bool {
        startsIdentifier(byte) || (48...57).contains(byte)
    }

    private mutating func number() throws(Failure) -> Double {
        let start = index
        while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
        // A point starts a fraction only before a digit: `1.toString()` calls a method on 1.
        if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "."), (48...57).contains(bytes[index + 1]) {
            index += 1
            while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            var look = index + 1
            if look < bytes.count, bytes[look] == UInt8(ascii: "+") || bytes[look] == UInt8(ascii: "-") {
                look += 1
            }
            if look < bytes.count, (48...57).contains(bytes[look]) {
                index = look
                while index < bytes.count, (48...57).contains(bytes[index]) { index += 1 }
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw Failure(message: "'\(text)' is not a number", offset: start)
        }
        return value
    }

    private mutating func string(quote: UInt8) throws(Failure) -> String {
        let start = index
        index += 1
        var output: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote {
                index += 1
                return String(decoding: output, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                let escaped = bytes[index + 1]
                switch escaped {
                case UInt8(ascii: "n"): output.append(10)
                case UInt8(ascii: "t"): output.append(9)
                case UInt8(ascii: "r"): output.append(13)
                default: output.append(escaped)
                }
                index += 2
                continue
            }
            output.append(byte)
            index += 1
        }
        throw Failure(message: "a string is not closed", offset: start)
    }

    private mutating func regex() throws(Failure) -> String {
        let start = index
        index += 1
        var inClass = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if byte == UInt8(ascii: "[") { inClass = true }
            if byte == UInt8(ascii: "]") { inClass = false }
            if byte == UInt8(ascii: "/"), !inClass {
                index += 1
                while index < bytes.count, (97...122).contains(bytes[index]) { index += 1 }
                return String(decoding: bytes[start..<index], as: UTF8.self)
            }
            if byte == 10 { break }
            index += 1
        }
        throw Failure(message: "a regular expression is not closed", offset: start)
    }
}
