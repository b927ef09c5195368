extension SHA256 {
    /// The eight working words and the compression of 64-byte blocks into them. Works through
    /// pointers: a debug build (the tests') hashes images too, and array accesses there are slow.
    struct State {
        private var words: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
            0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab,
            0x5be0_cd19
        )

        /// Compresses the blocks of `bytes` (a multiple of 64 long) in order.
        mutating func compress(_ bytes: UnsafeRawBufferPointer) {
            Self.constants.withUnsafeBufferPointer { constants in
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                    for offset in stride(from: 0, to: bytes.count - 63, by: 64) {
                        compress(bytes, at: offset, schedule: schedule, constants: constants)
                    }
                }
            }
        }

        private mutating func compress(
            _ bytes: UnsafeRawBufferPointer, at offset: Int, schedule w: UnsafeMutableBufferPointer<UInt32>,
            constants k: UnsafeBufferPointer<UInt32>
        ) {
            for index in 0..<16 {
                w[index] = UInt32(
                    bigEndian: bytes.loadUnaligned(fromByteOffset: offset + index * 4, as: UInt32.self))
            }
            for index in 16..<64 {
                let w15 = w[index - 15]
                let w2 = w[index - 2]
                let s0 = rotate(w15, 7) ^ rotate(w15, 18) ^ (w15 >> 3)
                let s1 = rotate(w2, 17) ^ rotate(w2, 19) ^ (w2 >> 10)
                w[index] = w[index - 16] &+ s0 &+ w[index - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = words
            for index in 0..<64 {
                let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
                let choice = (e & f) ^ (~e & g)
                let t1 = h &+ s1 &+ choice &+ k[index] &+ w[index]
                let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                let t2 = s0 &+ majority
                (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
            }
            words = (
                words.0 &+ a, words.1 &+ b, words.2 &+ c, words.3 &+ d, words.4 &+ e, words.5 &+ f,
                words.6 &+ g, words.7 &+ h
            )
        }

        /// The digest so far, as 64 lowercase hex digits.
        var hex: String {
            let digits = Array("0123456789abcdef".utf8)
            var text: [UInt8] = []
            text.reserveCapacity(64)
            for word in [words.0, words.1, words.2, words.3, words.4, words.5, words.6, words.7] {
                for shift in stride(from: 28, through: 0, by: -4) {
                    text.append(digits[Int((word >> UInt32(shift)) & 0xF)])
                }
            }
            return String(decoding: text, as: UTF8.self)
        }

        @inline(__always) private func rotate(_ value: UInt32, _ count: UInt32) -> UInt32 {
            (value >> count) | (value << (32 - count))
        }

        private static let constants: [UInt32] = [
            0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4,
            0xab1c_5ed5,
            0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7,
            0xc19b_f174,
            0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc,
            0x76f9_88da,
            0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351,
            0x1429_2967,
            0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e,
            0x9272_2c85,
            0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585,
            0x106a_a070,
            0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f,
            0x682e_6ff3,
            0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7,
            0xc671_78f2,
        ]
    }
}
