/// Why a note could not be sealed or opened.
public enum CryptoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The key does not open it: a wrong password, or bytes changed since it was sealed.
    case refused
    /// The parameters block is not one this version writes (its reason).
    case badParameters(String)
    /// libcrypto itself failed (out of memory, no randomness).
    case library(String)

    public var description: String {
        switch self {
        case .refused: "the password is wrong or the note was changed"
        case .badParameters(let reason): "damaged parameters block: \(reason)"
        case .library(let reason): "libcrypto: \(reason)"
        }
    }
}
