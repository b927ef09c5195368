public import NoteModel

/// What a base shows: each view evaluated, and the warnings evaluation gave.
public struct BaseResult: Sendable, Hashable {
    public var views: [BaseViewResult]
    /// Warnings, once per place and message, each naming the `.base` file's line and column.
    public var diagnostics: [Diagnostic]
}

/// One view's rows, ready to render.
public struct BaseViewResult: Sendable, Hashable {
    public var view: BaseView
    public var columns: [BaseColumn]
    /// One group without a key when the view does not group.
    public var groups: [BaseGroup]
    /// The view's summaries over all its rows, one per column that has one (by column).
    public var summaries: [BaseSummaryValue]
    /// Rows that passed the filters, before `limit`.
    public var matchedCount: Int

    /// Every row shown, in order.
    public var rows: [BaseResultRow] { groups.flatMap(\.rows) }
}

/// A column: the property it shows and its header.
public struct BaseColumn: Sendable, Hashable {
    public var property: BasePropertyKey
    public var displayName: String
}

/// Rows that share the `groupBy` property's value.
public struct BaseGroup: Sendable, Hashable {
    /// The shared value (null for rows without one, and for a view that does not group).
    public var key: BaseValue
    public var rows: [BaseResultRow]
    public var summaries: [BaseSummaryValue]
}

/// One file's row: a cell per column.
public struct BaseResultRow: Sendable, Hashable {
    public var path: String
    public var cells: [BaseCell]
    /// The card picture's value (the view's `image` property), for cards.
    public var image: BaseValue?
}

/// A value to show: the typed value (to render a link as a link) and its text.
public struct BaseCell: Sendable, Hashable {
    public var value: BaseValue
    public var text: String

    public init(_ value: BaseValue) {
        self.value = value
        text = value.displayText
    }
}

/// A column's summary: which one, and its value.
public struct BaseSummaryValue: Sendable, Hashable {
    /// The index of the column in `BaseViewResult.columns`.
    public var column: Int
    public var name: String
    public var value: BaseCell
}
