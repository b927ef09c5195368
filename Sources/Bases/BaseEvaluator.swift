import NoteModel

/// Evaluates a base over rows: per view, the global and the view's filters (joined with AND), the
/// columns (formulas included), sort, groups, limit and summaries.
public struct BaseEvaluator {
    public struct Options: Sendable {
        /// The clock of `now()`, `today()` and `relative()`: the build's start, so one build shows
        /// one time.
        public var now: BaseDate
        /// The note that shows the base (`this`); nil for a base's own page.
        public var this: BaseRow?

        public init(now: BaseDate, this: BaseRow? = nil) {
            self.now = now
            self.this = this
        }
    }

    public let base: BaseFile
    public let rows: [BaseRow]
    public let options: Options

    public init(base: BaseFile, rows: [BaseRow], options: Options) {
        self.base = base
        self.rows = rows
        self.options = options
    }

    /// Every view; or only the view named `viewName` (an embed's `#View`) when given.
    public func evaluate(viewName: String? = nil) -> BaseResult {
        let interpreter = Interpreter(base: base, rows: rows, options: options)
        var views = base.views
        if let viewName { views = views.filter { $0.name == viewName } }
        // A base without views shows its rows as one table, as Obsidian does.
        if base.views.isEmpty, viewName == nil {
            views = [
                BaseView(
                    layout: .table, name: "Table",
                    location: SourceLocation(file: base.file, line: 1, column: 1))
            ]
        }
        let passingGlobal = rows.indices.filter { passes(base.filters, row: $0, interpreter) }
        let results = views.map { evaluate($0, candidates: passingGlobal, interpreter) }
        return BaseResult(views: results, diagnostics: base.diagnostics + interpreter.diagnostics)
    }

    /// Whether a row passes a filter; a statement that cannot be evaluated counts as false.
    private func passes(_ filter: BaseFilter?, row: Int, _ interpreter: Interpreter) -> Bool {
        guard let filter else { return true }
        switch filter {
        case .statement(let expression): return interpreter.value(of: expression, row: row)?.isTruthy ?? false
        case .and(let filters): return filters.allSatisfy { passes($0, row: row, interpreter) }
        case .or(let filters): return filters.contains { passes($0, row: row, interpreter) }
        case .not(let filters): return !filters.contains { passes($0, row: row, interpreter) }
        }
    }

    private func evaluate(_ view: BaseView, candidates: [Int], _ interpreter: Interpreter) -> BaseViewResult {
        let matched = candidates.filter { passes(view.filters, row: $0, interpreter) }
        let columns = view.order.map { BaseColumn(property: $0, displayName: base.displayName(of: $0)) }

        // Sort by the group first (so groups come out whole and in their order), then the sort keys.
        var keys = view.sort
        if let groupBy = view.groupBy { keys.insert(groupBy, at: 0) }
        let sortValues = matched.map { row in
            keys.map { interpreter.value(of: $0.property, row: row, at: view.location) ?? .null }
        }
        let order = matched.indices.sorted { left, right in
            for (index, key) in keys.enumerated() {
                let comparison = sortValues[left][index].sortOrder(sortValues[right][index])
                if comparison != 0 {
                    // Empty values stay last in either direction.
                    let eitherEmpty = sortValues[left][index].isEmpty || sortValues[right][index].isEmpty
                    return key.descending && !eitherEmpty ? comparison > 0 : comparison < 0
                }
            }
            return left < right
        }
        let shown = view.limit.map { Array(order.prefix($0)) } ?? order

        var groups: [BaseGroup] = []
        var values: [[BaseValue]] = []
        for position in shown {
            let row = matched[position]
            let cells = view.order.map { interpreter.value(of: $0, row: row, at: view.location) ?? .null }
            let result = BaseResultRow(
                path: rows[row].path, cells: cells.map(BaseCell.init),
                image: view.image.map { interpreter.value(of: $0, row: row, at: view.location) ?? .null })
            let key = view.groupBy == nil ? BaseValue.null : sortValues[position][0]
            if let last = groups.last, last.key == key, !groups.isEmpty {
                groups[groups.count - 1].rows.append(result)
            } else {
                groups.append(BaseGroup(key: key, rows: [result], summaries: []))
            }
            values.append(cells)
        }
        if groups.isEmpty { groups = [BaseGroup(key: .null, rows: [], summaries: [])] }
        var start = 0
        for index in groups.indices {
            let end = start + groups[index].rows.count
            groups[index].summaries = summaries(
                view, columns: view.order, values: Array(values[start..<end]), interpreter)
            start = end
        }
        return BaseViewResult(
            view: view, columns: columns, groups: groups,
            summaries: summaries(view, columns: view.order, values: values, interpreter),
            matchedCount: matched.count)
    }

    /// The view's summaries over rows' values (`values[row][column]`), for the columns it shows.
    private func summaries(
        _ view: BaseView, columns: [BasePropertyKey], values: [[BaseValue]], _ interpreter: Interpreter
    ) -> [BaseSummaryValue] {
        view.summaries.compactMap { summary in
            guard let column = columns.firstIndex(of: summary.property) else { return nil }
            let columnValues = values.map { $0[column] }
            if let builtIn = BaseSummary(rawValue: summary.summary) {
                return BaseSummaryValue(
                    column: column, name: summary.summary, value: BaseCell(builtIn.summarize(columnValues)))
            }
            guard let custom = base.customSummaries.first(where: { $0.name == summary.summary }) else {
                return nil
            }
            // A custom summary sees the column's values as `values`; its row is any row (it reads none).
            let value =
                rows.isEmpty
                ? nil
                : interpreter.value(of: custom.expression, row: 0, variables: ["values": .list(columnValues)])
            return BaseSummaryValue(column: column, name: summary.summary, value: BaseCell(value ?? .null))
        }
    }
}
