extension BaseFile {
    /// Whether some expression of the base reads the clock (`now()`, `today()`, `date.relative()`):
    /// its views then change from one day to the next though no note changed, so a page showing
    /// it is keyed by the build's day as well.
    public var readsClock: Bool {
        var filters: [BaseFilter] = [self.filters].compactMap { $0 } + views.compactMap(\.filters)
        var expressions = (formulas + customSummaries).map(\.expression)
        while let filter = filters.popLast() {
            switch filter {
            case .statement(let expression): expressions.append(expression)
            case .and(let inner), .or(let inner), .not(let inner): filters += inner
            }
        }
        return expressions.contains { $0.root.map(Self.readsClock) ?? false }
    }

    private static func readsClock(_ root: ExpressionNode) -> Bool {
        var pending = [root]
        while let node = pending.popLast() {
            switch node {
            case .call(let name, let arguments, _):
                if name == "now" || name == "today" { return true }
                pending += arguments
            case .method(let receiver, let name, let arguments, _):
                if name == "relative" { return true }
                pending += [receiver] + arguments
            case .member(let object, _, _): pending.append(object)
            case .index(let object, let key, _): pending += [object, key]
            case .unary(_, let operand, _): pending.append(operand)
            case .binary(_, let left, let right, _): pending += [left, right]
            case .list(let items): pending += items
            case .object(let fields): pending += fields.map(\.value)
            case .literal, .identifier, .regex: break
            }
        }
        return false
    }
}
