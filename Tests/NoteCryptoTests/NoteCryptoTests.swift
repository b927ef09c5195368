import Foundation
import TestSupport
import Testing

@testable import NoteCrypto

/// Low iteration counts where a test derives many keys; the real minimum where it matters.
private let minimum = SealParameters.minimumIterations

@Test func roundTripsWithThePassword() throws {
    let text = Array("Family recipes: grandmother's soup, ünïcödé, 🍲".utf8)
    let sealed = try NoteCrypto.seal(plaintext: text, password: "correct horse", iterations: minimum)
    #expect(sealed.ciphertext.count == text.count + 16)
    #expect(!sealed.ciphertext.starts(with: text.prefix(8)))
    #expect(try NoteCrypto.open(sealed, password: "correct horse") == text)
}

@Test func emptyAndLargeNotesRoundTrip() throws {
    let key = try PasswordKey.derive(password: "p", salt: PasswordKey.newSalt(), iterations: minimum)
    let noteKey = try NoteKey.random()
    for size in [0, 1, 15, 16, 17, 1 << 20] {
        let text = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let sealed = try NoteCrypto.seal(plaintext: text, noteKey: noteKey, passwordKey: key)
        #expect(try NoteCrypto.open(sealed, noteKey: noteKey) == text)
    }
}

@Test func aWrongPasswordIsRefused() throws {
    let sealed = try NoteCrypto.seal(plaintext: Array("secret".utf8), password: "right", iterations: minimum)
    #expect(throws: CryptoError.refused) { try NoteCrypto.open(sealed, password: "wrong") }
    #expect(throws: CryptoError.refused) { try NoteCrypto.open(sealed, password: "Right") }
    #expect(throws: CryptoError.refused) { try NoteCrypto.open(sealed, noteKey: NoteKey.random()) }
}

@Test func everyChangedByteIsRefused() throws {
    let noteKey = try NoteKey.random()
    let key = try PasswordKey.derive(password: "p", salt: PasswordKey.newSalt(), iterations: minimum)
    let sealed = try NoteCrypto.seal(
        plaintext: Array("a short note".utf8), noteKey: noteKey, passwordKey: key)
    for index in sealed.ciphertext.indices {
        var bytes = sealed.ciphertext
        bytes[index] ^= 0x01
        let changed = SealedNote(parameters: sealed.parameters, ciphertext: bytes)
        #expect(throws: CryptoError.refused) { try NoteCrypto.open(changed, noteKey: noteKey) }
    }
    let cut = SealedNote(parameters: sealed.parameters, ciphertext: Array(sealed.ciphertext.dropLast()))
    #expect(throws: CryptoError.refused) { try NoteCrypto.open(cut, noteKey: noteKey) }
}

@Test func eachSealHasItsOwnSaltAndNonces() throws {
    let text = Array("same text".utf8)
    let one = try NoteCrypto.seal(plaintext: text, password: "p", iterations: minimum)
    let two = try NoteCrypto.seal(plaintext: text, password: "p", iterations: minimum)
    #expect(one.parameters.salt != two.parameters.salt)
    #expect(one.parameters.nonce != two.parameters.nonce)
    #expect(one.ciphertext != two.ciphertext)
    #expect(one.parameters.salt.count == 16 && one.parameters.nonce.count == 12)
}

/// RFC 7914 section 11's PBKDF2-HMAC-SHA256 vector: the derivation is the standard one.
@Test func pbkdf2MatchesTheRFCVector() throws {
    let key = try OpenSSL.pbkdf2(password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1)
    let hex = key.map { String(format: "%02x", $0) }.joined()
    #expect(hex == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc")
}

@Test func theParametersBlockReadsBackAsWritten() throws {
    let sealed = try NoteCrypto.seal(plaintext: [1, 2, 3], password: "p", iterations: 700_000)
    let text = sealed.parameters.text
    #expect(text.hasPrefix("v1:pbkdf2-sha256:700000:"))
    let read = try SealParameters(parsing: text)
    #expect(read == sealed.parameters)
    #expect(
        try NoteCrypto.open(SealedNote(parameters: read, ciphertext: sealed.ciphertext), password: "p") == [
            1, 2, 3,
        ])
}

@Test(arguments: [
    "", "v1", "v2:pbkdf2-sha256:600000:AAAAAAAAAAAAAAAAAAAAAA==:AAAAAAAAAAAAAAAA:x:AAAAAAAAAAAAAAAA",
    "v1:pbkdf2-sha1:600000:AAAAAAAAAAAAAAAAAAAAAA==:AAAAAAAAAAAAAAAA:AAAA:AAAAAAAAAAAAAAAA",
    "v1:pbkdf2-sha256:1000:AAAAAAAAAAAAAAAAAAAAAA==:AAAAAAAAAAAAAAAA:AAAA:AAAAAAAAAAAAAAAA",
    "v1:pbkdf2-sha256:0600000:AAAAAAAAAAAAAAAAAAAAAA==:AAAAAAAAAAAAAAAA:AAAA:AAAAAAAAAAAAAAAA",
    "v1:pbkdf2-sha256:-600000:AAAAAAAAAAAAAAAAAAAAAA==:AAAAAAAAAAAAAAAA:AAAA:AAAAAAAAAAAAAAAA",
    "v1:pbkdf2-sha256:99999999999999999999:A:A:A:A",
])
func damagedBlocksAreErrors(_ text: String) {
    #expect(throws: CryptoError.self) { try SealParameters(parsing: text) }
}

/// Random damage to a real block (bytes changed, cut, doubled, fields moved): each read either
/// fails with an error or gives a block that writes back to exactly the damaged text. Never a crash.
@Test func randomDamageIsAnErrorNeverACrash() throws {
    let sealed = try NoteCrypto.seal(plaintext: [1], password: "p", iterations: minimum)
    let original = Array(sealed.parameters.text.utf8)
    var random = SeededGenerator(seed: 37)
    let alphabet = Array("v1:pbkdf2-sha2560123456789+/=AZaz\u{0}é".utf8)
    var accepted = 0
    for _ in 0..<20_000 {
        var bytes = original
        for _ in 0...random.next(4) {
            switch random.next(4) {
            case 0 where !bytes.isEmpty:
                bytes[random.next(bytes.count)] = alphabet[random.next(alphabet.count)]
            case 1 where !bytes.isEmpty: bytes.remove(at: random.next(bytes.count))
            case 2: bytes.insert(alphabet[random.next(alphabet.count)], at: random.next(bytes.count + 1))
            default: bytes = Array(bytes.prefix(random.next(bytes.count + 1)))
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            let read = try SealParameters(parsing: text)
            #expect(read.text == text)
            accepted += 1
        } catch {
            #expect(error != .refused)
        }
    }
    // Most damage is caught by the block itself (the rest, by GCM's tag when opened).
    #expect(accepted < 2_000)
}
