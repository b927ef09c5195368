/// A JSON value with the byte offset where it starts in its file, so every problem found in a
/// board can be named by `file:line:col`.
public struct JSONValue: Sendable, Hashable {
    public indirect enum Kind: Sendable, Hashable {
        /// Members in the order written (a repeated key is kept twice; readers take the first).
        case object([JSONMember])
        case array([JSONValue])
        case string(JSONString)
        case number(Double)
        case bool(Bool)
        case null
    }

    public var kind: Kind
    /// The offset of the value's first byte.
    public var offset: Int

    public init(_ kind: Kind, at offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// The first member named `key`, when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// What a message calls this kind of value.
    public var typeName: String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

/// One `"key": value` of an object.
public struct JSONMember: Sendable, Hashable {
    public var key: String
    public var keyOffset: Int
    public var value: JSONValue

    public init(key: String, keyOffset: Int, value: JSONValue) {
        self.key = key
        self.keyOffset = keyOffset
        self.value = value
    }
}

/// A decoded string and where its characters are in the file: each escape (`\n`, `\u00e9`) makes the
/// decoded text shorter than the written one, so a place inside the text (a broken link in a text
/// node) is found in the file through ``rawOffset(of:)``.
public struct JSONString: Sendable, Hashable {
    public var value: String
    /// The offset of the first byte after the opening quote.
    public var start: Int
    /// For each escape, the decoded offset just after it and the written offset just after it.
    public var escapes: [Escape]

    public struct Escape: Sendable, Hashable {
        public var decoded: Int
        public var written: Int
    }

    public init(value: String, start: Int, escapes: [Escape] = []) {
        self.value = value
        self.start = start
        self.escapes = escapes
    }

    /// The file offset of the decoded text's byte `offset` (an offset inside an escape's output
    /// maps to the escape's end).
    public func rawOffset(of offset: Int) -> Int {
        var low = 0
        var high = escapes.count
        while low < high {
            let middle = (low + high) / 2
            if escapes[middle].decoded <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return start + offset }
        let escape = escapes[low - 1]
        return escape.written + (offset - escape.decoded)
    }
}
