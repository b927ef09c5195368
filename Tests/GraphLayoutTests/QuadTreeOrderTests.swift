import Foundation
import Testing

@testable import GraphLayout

/// The Barnes-Hut walk must sum its pushes in one fixed order: the graph's picture is part of the
/// site's bytes, so a faster walk that adds the same terms in another order changes the output.
@Suite struct QuadTreeOrderTests {
    /// The walk as first written: every child stacked, empty cells skipped when popped (each cell's
    /// term is the tree's own: the order of the sum is what is compared).
    static func stackedWalk(
        _ tree: QuadTree, on index: Int, x: Double, y: Double, strength: Double, theta: Double
    ) -> (x: Double, y: Double) {
        var forceX = 0.0
        var forceY = 0.0
        var stack: [Int32] = [0]
        while let next = stack.popLast() {
            let cell = tree.cells[Int(next)]
            if cell.mass == 0 { continue }
            let dx = x - cell.x
            let dy = y - cell.y
            let distanceSquared = dx * dx + dy * dy
            let isLeaf = cell.firstChild < 0
            if !isLeaf && cell.side * cell.side >= theta * theta * distanceSquared {
                stack += (0..<4).map { cell.firstChild + Int32($0) }
                continue
            }
            guard
                let push = QuadTree.term(
                    from: cell, isLeaf: isLeaf, on: index, dx: dx, dy: dy, distanceSquared: distanceSquared,
                    strength: strength)
            else { continue }
            forceX += push.x
            forceY += push.y
        }
        return (forceX, forceY)
    }

    @Test(arguments: [0.5, 1.0])
    func pushesAreTheStackedWalksToTheBit(theta: Double) {
        var random = LayoutRandom(seed: 29)
        // Clusters and repeated points: deep trees, shared leaves and many empty cells.
        var x = (0..<400).map { _ in (random.unit() * 10).rounded() * 100 + random.unit() }
        var y = (0..<400).map { _ in (random.unit() * 10).rounded() * 100 + random.unit() }
        x += [7, 7, 7]
        y += [3, 3, 3]
        let tree = QuadTree(x: x, y: y)
        var stack: [Int32] = []
        for node in x.indices {
            let fast = tree.push(on: node, x: x[node], y: y[node], strength: 900, theta: theta, stack: &stack)
            let walked = Self.stackedWalk(tree, on: node, x: x[node], y: y[node], strength: 900, theta: theta)
            #expect(
                fast.x.bitPattern == walked.x.bitPattern && fast.y.bitPattern == walked.y.bitPattern,
                "node \(node): \(fast) against \(walked)")
        }
    }

    @Test func treeOrderListsEveryPointOnce() {
        var random = LayoutRandom(seed: 3)
        // Repeated points share a leaf, which names only one of them.
        let x = (0..<300).map { index in index % 50 == 0 ? 5 : random.unit() * 1_000 }
        let y = (0..<300).map { index in index % 50 == 0 ? 5 : random.unit() * 1_000 }
        let order = QuadTree(x: x, y: y).pointsInTreeOrder(count: x.count)
        #expect(order.sorted() == Array(x.indices))
        #expect(QuadTree(x: [], y: []).pointsInTreeOrder(count: 0).isEmpty)
    }
}
