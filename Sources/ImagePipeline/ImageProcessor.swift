// STUB (skeleton): the image helper replaces this with libvips.
public import Foundation

public struct ImageSettings: Sendable, Hashable {
    /// Widest rendition in device pixels (1440 = a 720 CSS px column at 2x).
    public var maxPixelWidth: Int
    /// The reading column in CSS pixels; `width`/`height` attributes fit inside it.
    public var columnWidth: Int

    public init(maxPixelWidth: Int = 1440, columnWidth: Int = 720) {
        self.maxPixelWidth = maxPixelWidth
        self.columnWidth = columnWidth
    }
}

public struct ImageRendition: Sendable, Hashable {
    public var data: Data
    public var mimeType: String
    public var pixelWidth: Int
    public var pixelHeight: Int
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

public struct ImageError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot use image '\(path)': \(reason)" }
}

public enum ImageProcessor {
    /// Loads, orients, resizes, strips and encodes one image file. Thread-safe.
    public static func render(fileAt path: String, settings: ImageSettings = .init()) throws(ImageError)
        -> ImageRendition
    {
        throw ImageError(path: path, reason: "image pipeline not built yet")
    }
}
