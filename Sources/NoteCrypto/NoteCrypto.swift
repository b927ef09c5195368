/// Private notes sealed at build time: AES-256-GCM under a random note key, and that key sealed
/// with a key derived from the password (PBKDF2-HMAC-SHA256, a random salt per note), all from
/// OpenSSL's libcrypto. Two levels so that one reader who typed the password once can keep the
/// note key (never the password) and open every note sealed with it without deriving again.
public enum NoteCrypto {
    /// `plaintext` sealed under a new note key and a new salt: what a single note needs.
    public static func seal(
        plaintext: [UInt8], password: String, iterations: Int = SealParameters.minimumIterations
    ) throws(CryptoError) -> SealedNote {
        let key = try PasswordKey.derive(
            password: password, salt: OpenSSL.randomBytes(SealParameters.saltLength), iterations: iterations)
        return try seal(plaintext: plaintext, noteKey: NoteKey.random(), passwordKey: key)
    }

    /// `plaintext` sealed under `noteKey`, and the note key under `passwordKey`, each with a new nonce.
    public static func seal(plaintext: [UInt8], noteKey: NoteKey, passwordKey: PasswordKey)
        throws(CryptoError) -> SealedNote
    {
        let keyNonce = try OpenSSL.randomBytes(SealParameters.nonceLength)
        let nonce = try OpenSSL.randomBytes(SealParameters.nonceLength)
        let wrapped = try OpenSSL.seal(noteKey.bytes, key: passwordKey.bytes, nonce: keyNonce)
        let ciphertext = try OpenSSL.seal(plaintext, key: noteKey.bytes, nonce: nonce)
        return SealedNote(
            parameters: SealParameters(
                iterations: passwordKey.iterations, salt: passwordKey.salt, keyNonce: keyNonce,
                wrappedKey: wrapped, nonce: nonce),
            ciphertext: ciphertext)
    }

    /// The note's text, from the password; ``CryptoError/refused`` for a wrong one or changed bytes.
    public static func open(_ sealed: SealedNote, password: String) throws(CryptoError) -> [UInt8] {
        let parameters = sealed.parameters
        let key = try PasswordKey.derive(
            password: password, salt: parameters.salt, iterations: parameters.iterations)
        let noteKey = try OpenSSL.open(parameters.wrappedKey, key: key.bytes, nonce: parameters.keyNonce)
        return try open(sealed, noteKey: NoteKey(bytes: noteKey))
    }

    /// The note's text, from a note key kept from an earlier note.
    public static func open(_ sealed: SealedNote, noteKey: NoteKey) throws(CryptoError) -> [UInt8] {
        try OpenSSL.open(sealed.ciphertext, key: noteKey.bytes, nonce: sealed.parameters.nonce)
    }
}

/// A sealed note: its parameters block and its ciphertext (the GCM tag at the end).
public struct SealedNote: Sendable, Hashable {
    public let parameters: SealParameters
    public let ciphertext: [UInt8]

    public init(parameters: SealParameters, ciphertext: [UInt8]) {
        self.parameters = parameters
        self.ciphertext = ciphertext
    }
}

/// The random AES-256 key a group of notes (those with one password, in one build) is sealed with.
public struct NoteKey: Sendable, Hashable {
    public let bytes: [UInt8]

    public static func random() throws(CryptoError) -> NoteKey {
        NoteKey(bytes: try OpenSSL.randomBytes(32))
    }
}

/// A key derived from a password with PBKDF2 (the slow step: about half a second at 600,000
/// iterations), with the salt and count that made it.
public struct PasswordKey: Sendable, Hashable {
    let bytes: [UInt8]
    public let salt: [UInt8]
    public let iterations: Int

    public static func derive(password: String, salt: [UInt8], iterations: Int) throws(CryptoError)
        -> PasswordKey
    {
        PasswordKey(
            bytes: try OpenSSL.pbkdf2(password: Array(password.utf8), salt: salt, iterations: iterations),
            salt: salt, iterations: iterations)
    }

    /// A new random salt for ``derive(password:salt:iterations:)``.
    public static func newSalt() throws(CryptoError) -> [UInt8] {
        try OpenSSL.randomBytes(SealParameters.saltLength)
    }
}

extension PasswordKey {
    /// A name for `text` that only this key makes (HMAC-SHA256, 24 hex digits): random-looking page
    /// addresses that stay the same from build to build and tell nothing without the password.
    public func name(for text: String) throws(CryptoError) -> String {
        let mac = try OpenSSL.hmac(Array(text.utf8), key: bytes)
        return mac.prefix(12).map { byte in
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
        }.joined()
    }
}
