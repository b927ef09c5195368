import JSONCanvas

/// Where an edge is drawn: a cubic curve leaving one node's side and reaching the other's, each end
/// pulled straight out of its side (as Obsidian draws them), with arrowheads and the label's place.
struct CanvasEdgePath: Sendable, Hashable {
    var start: Point
    var startControl: Point
    var endControl: Point
    var end: Point

    struct Point: Sendable, Hashable {
        var x: Double
        var y: Double
    }

    init(from: CanvasRect, side fromSide: CanvasEdge.Side?, to: CanvasRect, side toSide: CanvasEdge.Side?) {
        let startSide = fromSide ?? Self.facingSide(of: from, toward: to)
        let endSide = toSide ?? Self.facingSide(of: to, toward: from)
        start = Self.anchor(of: from, on: startSide)
        end = Self.anchor(of: to, on: endSide)
        let distance = ((end.x - start.x) * (end.x - start.x) + (end.y - start.y) * (end.y - start.y))
            .squareRoot()
        let pull = min(max(distance * 0.4, 30), 200)
        startControl = Self.offset(start, along: startSide, by: pull)
        endControl = Self.offset(end, along: endSide, by: pull)
    }

    /// The side of `rect` that faces `other`'s centre.
    static func facingSide(of rect: CanvasRect, toward other: CanvasRect) -> CanvasEdge.Side {
        let dx = other.midX - rect.midX
        let dy = other.midY - rect.midY
        if abs(dx) * rect.height >= abs(dy) * rect.width { return dx >= 0 ? .right : .left }
        return dy >= 0 ? .bottom : .top
    }

    /// The middle of a side.
    static func anchor(of rect: CanvasRect, on side: CanvasEdge.Side) -> Point {
        switch side {
        case .top: Point(x: rect.midX, y: rect.y)
        case .right: Point(x: rect.maxX, y: rect.midY)
        case .bottom: Point(x: rect.midX, y: rect.maxY)
        case .left: Point(x: rect.x, y: rect.midY)
        }
    }

    private static func offset(_ point: Point, along side: CanvasEdge.Side, by length: Double) -> Point {
        switch side {
        case .top: Point(x: point.x, y: point.y - length)
        case .right: Point(x: point.x + length, y: point.y)
        case .bottom: Point(x: point.x, y: point.y + length)
        case .left: Point(x: point.x - length, y: point.y)
        }
    }

    /// The curve's middle (t = 1/2), where the label goes.
    var middle: Point {
        Point(
            x: 0.125 * start.x + 0.375 * startControl.x + 0.375 * endControl.x + 0.125 * end.x,
            y: 0.125 * start.y + 0.375 * startControl.y + 0.375 * endControl.y + 0.125 * end.y)
    }

    /// SVG path data for the curve.
    var data: String {
        "M\(Self.number(start.x)) \(Self.number(start.y)) C\(Self.number(startControl.x)) "
            + "\(Self.number(startControl.y)) \(Self.number(endControl.x)) \(Self.number(endControl.y)) "
            + "\(Self.number(end.x)) \(Self.number(end.y))"
    }

    /// An arrowhead's triangle at `tip`, pointing away from `control`.
    static func arrowhead(at tip: Point, from control: Point) -> String {
        var dx = tip.x - control.x
        var dy = tip.y - control.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return "" }
        dx /= length
        dy /= length
        let (long, half) = (14.0, 6.0)
        let base = Point(x: tip.x - dx * long, y: tip.y - dy * long)
        let left = Point(x: base.x - dy * half, y: base.y + dx * half)
        let right = Point(x: base.x + dy * half, y: base.y - dx * half)
        return [tip, left, right].map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
    }

    /// A coordinate as SVG and CSS take it: whole numbers plain, others to a tenth.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }
}
