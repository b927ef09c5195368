import Foundation

/// The default theme's files, embedded in the binary by SwiftPM's `.embedInCode`.
public enum DefaultTheme {
    /// Every file of the theme by its path inside `Templates/theme/`.
    public static var files: [String: [UInt8]] { [:] }
}
