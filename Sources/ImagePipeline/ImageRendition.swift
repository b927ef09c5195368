public import Foundation

/// One image ready to inline into a page: its encoded bytes and the sizes to show it at.
public struct ImageRendition: Sendable, Hashable {
    public var data: Data
    public var mimeType: String
    /// Size of `data` in pixels (for SVG, its intrinsic size).
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// The upright original size fitted to the reading column: the `width`/`height` attributes.
    public var cssWidth: Int
    public var cssHeight: Int

    public init(
        data: Data, mimeType: String, pixelWidth: Int, pixelHeight: Int, cssWidth: Int, cssHeight: Int
    ) {
        self.data = data
        self.mimeType = mimeType
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.cssWidth = cssWidth
        self.cssHeight = cssHeight
    }

    public var dataURI: String { "data:\(mimeType);base64,\(data.base64EncodedString())" }
}
