import Foundation

/// A Barnes-Hut quadtree over points: each cell knows how many points it holds and their centre
/// of mass, so the push of a far cell is taken as one point's (O(n log n) instead of every pair).
/// Flat arrays, no recursion: built again each layout step, so building must be cheap.
struct QuadTree {
    /// Per cell: the sum of its points' coordinates and their count.
    private(set) var sumX: [Double] = []
    private(set) var sumY: [Double] = []
    private(set) var mass: [Double] = []
    /// Per cell: its side length, and its left and top edge.
    private(set) var side: [Double] = []
    private var left: [Double] = []
    private var top: [Double] = []
    /// Per cell: the first of its four children (they are made together), or -1 for a leaf.
    private(set) var firstChild: [Int32] = []
    /// Per leaf: the point it holds (points closer than `minimumSide` share a leaf), or -1.
    private(set) var point: [Int32] = []

    /// Cells smaller than this stop splitting: points that close together share a leaf.
    static let minimumSide = 1e-6

    init(x: [Double], y: [Double]) {
        guard let minX = x.min(), let maxX = x.max(), let minY = y.min(), let maxY = y.max() else { return }
        let size = max(maxX - minX, maxY - minY, 1) * 1.0001
        reserve(x.count * 2)
        addCell(left: minX, top: minY, side: size)
        for index in x.indices { insert(index, x, y) }
    }

    var cellCount: Int { mass.count }

    private mutating func reserve(_ count: Int) {
        sumX.reserveCapacity(count)
        sumY.reserveCapacity(count)
        mass.reserveCapacity(count)
        side.reserveCapacity(count)
        left.reserveCapacity(count)
        top.reserveCapacity(count)
        firstChild.reserveCapacity(count)
        point.reserveCapacity(count)
    }

    private mutating func addCell(left x: Double, top y: Double, side size: Double) {
        sumX.append(0)
        sumY.append(0)
        mass.append(0)
        side.append(size)
        left.append(x)
        top.append(y)
        firstChild.append(-1)
        point.append(-1)
    }

    /// The child of `cell` the point at (x, y) falls in.
    private func child(of cell: Int, _ x: Double, _ y: Double) -> Int {
        let half = side[cell] / 2
        let column = x >= left[cell] + half ? 1 : 0
        let row = y >= top[cell] + half ? 2 : 0
        return Int(firstChild[cell]) + column + row
    }

    private mutating func split(_ cell: Int) {
        let half = side[cell] / 2
        firstChild[cell] = Int32(mass.count)
        addCell(left: left[cell], top: top[cell], side: half)
        addCell(left: left[cell] + half, top: top[cell], side: half)
        addCell(left: left[cell], top: top[cell] + half, side: half)
        addCell(left: left[cell] + half, top: top[cell] + half, side: half)
    }

    private mutating func insert(_ index: Int, _ xs: [Double], _ ys: [Double]) {
        let x = xs[index]
        let y = ys[index]
        var cell = 0
        while true {
            let wasEmpty = mass[cell] == 0
            mass[cell] += 1
            sumX[cell] += x
            sumY[cell] += y
            if firstChild[cell] < 0 {
                if wasEmpty {
                    point[cell] = Int32(index)
                    return
                }
                // Points this close share the leaf; its centre of mass still counts them all.
                if side[cell] < Self.minimumSide { return }
                // A leaf holding one point becomes a branch: that point moves down a level.
                let resident = Int(point[cell])
                let residentX = xs[resident]
                let residentY = ys[resident]
                point[cell] = -1
                split(cell)
                let below = child(of: cell, residentX, residentY)
                mass[below] = mass[cell] - 1
                sumX[below] = residentX
                sumY[below] = residentY
                point[below] = Int32(resident)
            }
            cell = child(of: cell, x, y)
        }
    }
}

extension QuadTree {
    /// The summed push on point `index` at (x, y) from all other points, each pushing with
    /// `strength / distance` away from itself. A cell seen under less than `theta` (its side over
    /// its distance) pushes as one point at its centre of mass. `stack` is scratch space.
    func push(
        on index: Int, x: Double, y: Double, strength: Double, theta: Double, stack: inout [Int32]
    ) -> (x: Double, y: Double) {
        guard cellCount > 0 else { return (0, 0) }
        var forceX = 0.0
        var forceY = 0.0
        let thetaSquared = theta * theta
        stack.removeAll(keepingCapacity: true)
        stack.append(0)
        while let next = stack.popLast() {
            let cell = Int(next)
            let count = mass[cell]
            if count == 0 { continue }
            var dx = x - sumX[cell] / count
            var dy = y - sumY[cell] / count
            var distanceSquared = dx * dx + dy * dy
            let isLeaf = firstChild[cell] < 0
            if !isLeaf && side[cell] * side[cell] >= thetaSquared * distanceSquared {
                let first = firstChild[cell]
                stack.append(first)
                stack.append(first + 1)
                stack.append(first + 2)
                stack.append(first + 3)
                continue
            }
            var pushers = count
            if isLeaf && Int(point[cell]) == index {
                // The point itself, and any others sharing its leaf.
                pushers -= 1
                if pushers == 0 { continue }
            }
            if distanceSquared < 1e-12 {
                // On top of each other: push apart along a direction fixed by the index.
                let angle = Double(index) * 2.399_963_229_728_653
                dx = cos(angle) * 1e-3
                dy = sin(angle) * 1e-3
                distanceSquared = 1e-6
            }
            let scale = strength * pushers / distanceSquared
            forceX += dx * scale
            forceY += dy * scale
        }
        return (forceX, forceY)
    }
}
