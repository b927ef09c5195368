import Foundation

/// What a reader's browser needs besides the password to open a sealed note, stored beside the
/// ciphertext as one line, `v1:pbkdf2-sha256:ITERATIONS:SALT:KEY-NONCE:WRAPPED-KEY:NONCE` (base64),
/// so a later version can raise the iteration count or change the scheme. Read strictly: anything
/// else is ``CryptoError/badParameters(_:)``, never a guess.
public struct SealParameters: Sendable, Hashable {
    public static let kdf = "pbkdf2-sha256"
    /// OWASP's 2023 figure for PBKDF2-HMAC-SHA256; fewer is refused when read.
    public static let minimumIterations = 600_000
    /// A bound on what a page may ask a browser to compute.
    public static let maximumIterations = 100_000_000
    public static let saltLength = 16
    public static let nonceLength = 12

    public let iterations: Int
    /// Random per note: PBKDF2's salt.
    public let salt: [UInt8]
    /// The nonce that sealed the note key with the password's key.
    public let keyNonce: [UInt8]
    /// The note key (which opens the text) sealed with the password's key: 32 bytes and a tag.
    public let wrappedKey: [UInt8]
    /// The nonce that sealed the text with the note key.
    public let nonce: [UInt8]

    init(iterations: Int, salt: [UInt8], keyNonce: [UInt8], wrappedKey: [UInt8], nonce: [UInt8]) {
        self.iterations = iterations
        self.salt = salt
        self.keyNonce = keyNonce
        self.wrappedKey = wrappedKey
        self.nonce = nonce
    }

    /// The block as stored in the page.
    public var text: String {
        let fields = [salt, keyNonce, wrappedKey, nonce].map { Data($0).base64EncodedString() }
        return (["v1", Self.kdf, String(iterations)] + fields).joined(separator: ":")
    }

    /// The block read back; every field checked.
    public init(parsing text: String) throws(CryptoError) {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 7 else { throw .badParameters("expected 7 fields, found \(fields.count)") }
        guard fields[0] == "v1" else { throw .badParameters("unknown version") }
        guard fields[1] == Self.kdf else { throw .badParameters("unknown key derivation") }
        let digits = fields[2]
        guard !digits.isEmpty, digits.count <= 9, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            digits.first != "0", let iterations = Int(digits),
            (Self.minimumIterations...Self.maximumIterations).contains(iterations)
        else { throw .badParameters("iteration count out of range") }
        self.iterations = iterations
        salt = try Self.bytes(fields[3], count: Self.saltLength, name: "salt")
        keyNonce = try Self.bytes(fields[4], count: Self.nonceLength, name: "key nonce")
        wrappedKey = try Self.bytes(fields[5], count: 48, name: "wrapped key")
        nonce = try Self.bytes(fields[6], count: Self.nonceLength, name: "nonce")
    }

    /// Canonical base64 of exactly `count` bytes.
    private static func bytes(_ field: Substring, count: Int, name: String) throws(CryptoError) -> [UInt8] {
        guard let data = Data(base64Encoded: String(field)), data.count == count,
            data.base64EncodedString() == field
        else { throw .badParameters("\(name) is not \(count) bytes of base64") }
        return [UInt8](data)
    }
}
