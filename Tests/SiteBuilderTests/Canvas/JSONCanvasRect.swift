import JSONCanvas

/// Rectangles for the edge tests, by position.
enum JSONCanvasRect {
    static func make(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> CanvasRect {
        CanvasRect(x: x, y: y, width: width, height: height)
    }
}
