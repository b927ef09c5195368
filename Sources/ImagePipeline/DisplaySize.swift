/// A width and height in whole pixels.
package struct DisplaySize: Hashable {
    package var width: Int
    package var height: Int

    /// Scaled down, keeping the aspect ratio, so the width fits `maxWidth`; never enlarged.
    func fittingWidth(_ maxWidth: Int) -> DisplaySize {
        guard width > maxWidth, width > 0 else { return self }
        let scaled = (Double(height) * Double(maxWidth) / Double(width)).rounded()
        return DisplaySize(width: maxWidth, height: max(1, Int(scaled)))
    }
}
