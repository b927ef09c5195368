import Foundation

/// A Barnes-Hut quadtree over points: each cell knows how many points it holds and their centre
/// of mass, so the push of a far cell is taken as one point's (O(n log n) instead of every pair).
/// One flat array of cells, no recursion: built again each layout step, so building must be cheap.
struct QuadTree {
    struct Cell {
        /// While building, the sum of the points' coordinates; then their centre of mass.
        var x: Double
        var y: Double
        /// How many points the cell holds.
        var mass: Double
        var side: Double
        var left: Double
        var top: Double
        /// The first of its four children (made together), or -1 for a leaf.
        var firstChild: Int32
        /// For a leaf, the point it holds (points closer than `minimumSide` share one), or -1.
        var point: Int32
    }

    private(set) var cells: [Cell] = []

    /// Cells smaller than this stop splitting: points that close together share a leaf.
    static let minimumSide = 1e-6

    init(x: [Double], y: [Double]) {
        guard let minX = x.min(), let maxX = x.max(), let minY = y.min(), let maxY = y.max() else { return }
        let size = max(maxX - minX, maxY - minY, 1) * 1.0001
        cells.reserveCapacity(x.count * 2)
        cells.append(Cell(x: 0, y: 0, mass: 0, side: size, left: minX, top: minY, firstChild: -1, point: -1))
        for index in x.indices { insert(index, x, y) }
        for cell in cells.indices where cells[cell].mass > 0 {
            cells[cell].x /= cells[cell].mass
            cells[cell].y /= cells[cell].mass
        }
    }

    /// The child of `cell` the point at (x, y) falls in.
    private func child(of cell: Int, _ x: Double, _ y: Double) -> Int {
        let half = cells[cell].side / 2
        let column = x >= cells[cell].left + half ? 1 : 0
        let row = y >= cells[cell].top + half ? 2 : 0
        return Int(cells[cell].firstChild) + column + row
    }

    private mutating func split(_ cell: Int) {
        let half = cells[cell].side / 2
        let left = cells[cell].left
        let top = cells[cell].top
        cells[cell].firstChild = Int32(cells.count)
        for quarter in 0..<4 {
            let dx = quarter & 1 == 1 ? half : 0
            let dy = quarter & 2 == 2 ? half : 0
            cells.append(
                Cell(
                    x: 0, y: 0, mass: 0, side: half, left: left + dx, top: top + dy, firstChild: -1, point: -1
                ))
        }
    }

    private mutating func insert(_ index: Int, _ xs: [Double], _ ys: [Double]) {
        let x = xs[index]
        let y = ys[index]
        var cell = 0
        while true {
            let wasEmpty = cells[cell].mass == 0
            cells[cell].mass += 1
            cells[cell].x += x
            cells[cell].y += y
            if cells[cell].firstChild < 0 {
                if wasEmpty {
                    cells[cell].point = Int32(index)
                    return
                }
                // Points this close share the leaf; its centre of mass still counts them all.
                if cells[cell].side < Self.minimumSide { return }
                // A leaf holding one point becomes a branch: that point moves down a level.
                let resident = Int(cells[cell].point)
                cells[cell].point = -1
                split(cell)
                let below = child(of: cell, xs[resident], ys[resident])
                cells[below].mass = 1
                cells[below].x = xs[resident]
                cells[below].y = ys[resident]
                cells[below].point = Int32(resident)
            }
            cell = child(of: cell, x, y)
        }
    }
}

extension QuadTree {
    /// Every point from 0 to `count - 1`, leaf by leaf in the tree's depth-first order, then any
    /// that share a leaf with another. Points near each other come together, so walks made in
    /// this order find the cells the walk before them read still in the cache.
    func pointsInTreeOrder(count: Int) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(count)
        var listed = [Bool](repeating: false, count: count)
        var stack: [Int32] = cells.isEmpty ? [] : [0]
        while let next = stack.popLast() {
            let cell = cells[Int(next)]
            if cell.firstChild >= 0 {
                for child in (cell.firstChild..<cell.firstChild + 4).reversed() { stack.append(child) }
            } else if cell.point >= 0, Int(cell.point) < count, !listed[Int(cell.point)] {
                listed[Int(cell.point)] = true
                order.append(Int(cell.point))
            }
        }
        for point in 0..<count where !listed[point] { order.append(point) }
        return order
    }

    /// The summed push on point `index` at (x, y) from all other points, each pushing with
    /// `strength / distance` away from itself. A cell seen under less than `theta` (its side over
    /// its distance) pushes as one point at its centre of mass. `stack` is scratch space, kept
    /// by the caller between calls so it is allocated once.
    func push(
        on index: Int, x: Double, y: Double, strength: Double, theta: Double, stack: inout [Int32]
    ) -> (x: Double, y: Double) {
        guard !cells.isEmpty else { return (0, 0) }
        // A cell is on the stack at most once: as many slots as cells never overflow.
        if stack.count < cells.count { stack = [Int32](repeating: 0, count: cells.count) }
        let thetaSquared = theta * theta
        var stack = stack.mutableSpan
        return Self.push(
            on: index, x: x, y: y, strength: strength, thetaSquared: thetaSquared, cells: cells.span,
            stack: &stack)
    }

    /// ``push(on:x:y:strength:theta:stack:)`` over spans: this loop is most of the graph stage,
    /// and the array's uniqueness checks on every push and pop of the stack were a third of it.
    /// Empty children are never stacked (they push nothing); the others are visited in the same
    /// order as before, so the sums, and the layout, are the same to the last bit.
    private static func push(
        on index: Int, x: Double, y: Double, strength: Double, thetaSquared: Double,
        cells: Span<Cell>, stack: inout MutableSpan<Int32>
    ) -> (x: Double, y: Double) {
        var forceX = 0.0
        var forceY = 0.0
        var top = 1
        stack[0] = 0
        while top > 0 {
            top -= 1
            let cell = cells[Int(stack[top])]
            if cell.mass == 0 { continue }
            let dx = x - cell.x
            let dy = y - cell.y
            let distanceSquared = dx * dx + dy * dy
            let isLeaf = cell.firstChild < 0
            if !isLeaf && cell.side * cell.side >= thetaSquared * distanceSquared {
                let first = Int(cell.firstChild)
                for child in first..<first + 4 where cells[child].mass != 0 {
                    stack[top] = Int32(child)
                    top += 1
                }
                continue
            }
            guard
                let push = term(
                    from: cell, isLeaf: isLeaf, on: index, dx: dx, dy: dy, distanceSquared: distanceSquared,
                    strength: strength)
            else { continue }
            forceX += push.x
            forceY += push.y
        }
        return (forceX, forceY)
    }

    /// The push on point `index` of a cell taken as one point (a leaf, or a far cell at its centre
    /// of mass) at offset (`dx`, `dy`) from it; nil when only the point itself is there. Any walk
    /// adds these terms: only the order it adds them in is its own.
    @inline(__always)
    static func term(
        from cell: Cell, isLeaf: Bool, on index: Int, dx: Double, dy: Double, distanceSquared: Double,
        strength: Double
    ) -> (x: Double, y: Double)? {
        var pushers = cell.mass
        if isLeaf && Int(cell.point) == index {
            // The point itself, and any others sharing its leaf.
            pushers -= 1
            if pushers == 0 { return nil }
        }
        var (dx, dy, distanceSquared) = (dx, dy, distanceSquared)
        if distanceSquared < 1e-12 {
            // On top of each other: push apart along a direction fixed by the index.
            let angle = Double(index) * 2.399_963_229_728_653
            dx = cos(angle) * 1e-3
            dy = sin(angle) * 1e-3
            distanceSquared = 1e-6
        }
        let scale = strength * pushers / distanceSquared
        return (dx * scale, dy * scale)
    }
}
