import NoteModel

/// cmark-gfm's HTML for tables and task items.
extension HTMLBlockWriter {
    mutating func enterGFM(_ blocks: Span<Block>, index: Int) {
        switch blocks[index].kind {
        case .table:
            output.newlineIfNeeded()
            appendTag("<table", blocks[index].anchor, ">")
            inTableBody = false
        case .tableRow(let header):
            output.newlineIfNeeded()
            inTableHeader = header
            if header {
                output.append("<thead>")
                output.newlineIfNeeded()
            } else if !inTableBody {
                output.append("<tbody>")
                output.newlineIfNeeded()
                inTableBody = true
            }
            output.append("<tr>")
        case .tableCell(let alignment):
            output.newlineIfNeeded()
            output.append(inTableHeader ? "<th" : "<td")
            if alignment != .none { output.appendRaw(" align=\"\(alignment.rawValue)\"") }
            output.append(">")
            writeInlines(blocks[index].content)
        case .taskItem(let checked, let state):
            output.newlineIfNeeded()
            guard let state else {
                output.append("<li>")
                output.append(
                    checked
                        ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> "
                        : "<input type=\"checkbox\" disabled=\"\" /> ")
                return
            }
            // Obsidian's reading view: the state on the item and its checkbox (`data-task=""`
            // for an open task), which themes style by; any state but a space is checked.
            let task = state == " " ? "" : state
            output.append(
                checked
                    ? "<li class=\"task-list-item is-checked\" data-task=\""
                    : "<li class=\"task-list-item\" data-task=\"")
            output.appendEscaped(task)
            output.append("\"><input class=\"task-list-item-checkbox\" type=\"checkbox\"")
            output.append(
                checked ? " checked=\"\" disabled=\"\" data-task=\"" : " disabled=\"\" data-task=\"")
            output.appendEscaped(task)
            output.append("\" /> ")
        default:
            break
        }
    }

    mutating func exitGFM(_ blocks: Span<Block>, index: Int) {
        switch blocks[index].kind {
        case .table:
            if inTableBody {
                output.newlineIfNeeded()
                output.append("</tbody>")
                output.newlineIfNeeded()
            }
            inTableBody = false
            output.newlineIfNeeded()
            output.append("</table>")
            output.newlineIfNeeded()
        case .tableRow(let header):
            output.newlineIfNeeded()
            output.append("</tr>")
            if header {
                output.newlineIfNeeded()
                output.append("</thead>")
            }
        case .tableCell:
            output.append(inTableHeader ? "</th>" : "</td>")
        case .taskItem:
            output.append("</li>\n")
        default:
            break
        }
    }
}
