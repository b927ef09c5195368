internal import CCrypto

/// libcrypto's calls behind safe signatures: the only unsafe code of note encryption.
enum OpenSSL {
    /// `count` bytes from OpenSSL's random generator (salts, nonces, keys).
    static func randomBytes(_ count: Int) throws(CryptoError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let status = bytes.withUnsafeMutableBufferPointer { RAND_bytes($0.baseAddress, Int32(count)) }
        guard status == 1 else { throw .library("RAND_bytes failed") }
        return bytes
    }

    /// PBKDF2-HMAC-SHA256 of `password` with `salt`: a 32-byte AES-256 key.
    static func pbkdf2(password: [UInt8], salt: [UInt8], iterations: Int) throws(CryptoError) -> [UInt8] {
        guard iterations > 0, iterations <= Int(Int32.max) else {
            throw .library("iteration count out of range")
        }
        var key = [UInt8](repeating: 0, count: 32)
        let status = password.withUnsafeBufferPointer { pass in
            salt.withUnsafeBufferPointer { salt in
                key.withUnsafeMutableBufferPointer { out in
                    pass.withMemoryRebound(to: CChar.self) { pass in
                        PKCS5_PBKDF2_HMAC(
                            pass.baseAddress, Int32(pass.count), salt.baseAddress, Int32(salt.count),
                            Int32(iterations), EVP_sha256(), 32, out.baseAddress)
                    }
                }
            }
        }
        guard status == 1 else { throw .library("PKCS5_PBKDF2_HMAC failed") }
        return key
    }

    /// AES-256-GCM: the ciphertext with its 16-byte tag appended (as WebCrypto reads it).
    static func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard key.count == 32, nonce.count == 12, plaintext.count < Int(Int32.max) - 16 else {
            throw .library("bad AES-GCM input sizes")
        }
        guard let context = EVP_CIPHER_CTX_new() else { throw .library("EVP_CIPHER_CTX_new failed") }
        defer { EVP_CIPHER_CTX_free(context) }
        var output = [UInt8](repeating: 0, count: plaintext.count + 16)
        let ok = key.withUnsafeBufferPointer { key in
            nonce.withUnsafeBufferPointer { nonce in
                plaintext.withUnsafeBufferPointer { input in
                    output.withUnsafeMutableBufferPointer { out -> Bool in
                        var written: Int32 = 0
                        var final: Int32 = 0
                        guard
                            EVP_EncryptInit_ex(
                                context, EVP_aes_256_gcm(), nil, key.baseAddress, nonce.baseAddress) == 1,
                            EVP_EncryptUpdate(
                                context, out.baseAddress, &written, input.baseAddress, Int32(input.count))
                                == 1,
                            EVP_EncryptFinal_ex(context, out.baseAddress.map { $0 + Int(written) }, &final)
                                == 1,
                            Int(written + final) == input.count
                        else { return false }
                        let tag = out.baseAddress.map { $0 + input.count }
                        return EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_AEAD_GET_TAG, 16, tag) == 1
                    }
                }
            }
        }
        guard ok else { throw .library("AES-256-GCM encryption failed") }
        return output
    }

    /// AES-256-GCM opened; `.refused` when the tag does not match (wrong key, changed bytes).
    static func open(_ sealed: [UInt8], key: [UInt8], nonce: [UInt8]) throws(CryptoError) -> [UInt8] {
        guard key.count == 32, nonce.count == 12, sealed.count >= 16, sealed.count < Int(Int32.max) else {
            throw .refused
        }
        guard let context = EVP_CIPHER_CTX_new() else { throw .library("EVP_CIPHER_CTX_new failed") }
        defer { EVP_CIPHER_CTX_free(context) }
        let length = sealed.count - 16
        var output = [UInt8](repeating: 0, count: max(length, 1))
        var tag = Array(sealed[length...])
        let ok = key.withUnsafeBufferPointer { key in
            nonce.withUnsafeBufferPointer { nonce in
                sealed.withUnsafeBufferPointer { input in
                    tag.withUnsafeMutableBufferPointer { tag in
                        output.withUnsafeMutableBufferPointer { out -> Bool in
                            var written: Int32 = 0
                            var final: Int32 = 0
                            guard
                                EVP_DecryptInit_ex(
                                    context, EVP_aes_256_gcm(), nil, key.baseAddress, nonce.baseAddress) == 1,
                                EVP_DecryptUpdate(
                                    context, out.baseAddress, &written, input.baseAddress, Int32(length))
                                    == 1,
                                EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_AEAD_SET_TAG, 16, tag.baseAddress) == 1
                            else { return false }
                            return EVP_DecryptFinal_ex(
                                context, out.baseAddress.map { $0 + Int(written) }, &final) == 1
                        }
                    }
                }
            }
        }
        guard ok else { throw .refused }
        return Array(output.prefix(length))
    }
}

extension OpenSSL {
    /// HMAC-SHA256 of `data` under `key`.
    static func hmac(_ data: [UInt8], key: [UInt8]) throws(CryptoError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let result = key.withUnsafeBufferPointer { key in
            data.withUnsafeBufferPointer { data in
                out.withUnsafeMutableBufferPointer { out in
                    HMAC(
                        EVP_sha256(), key.baseAddress, Int32(key.count), data.baseAddress, data.count,
                        out.baseAddress, &length)
                }
            }
        }
        guard result != nil, length == 32 else { throw .library("HMAC failed") }
        return out
    }
}
