import NoteModel

/// A diagnostic as a GitHub Actions workflow command (`::error file=a.md,line=3,col=1::message`),
/// which Actions shows on the pull request's lines. Printed on stdout when `GITHUB_ACTIONS=true`.
enum GitHubAnnotation {
    static func line(for diagnostic: Diagnostic) -> String {
        var properties: [String] = []
        if let location = diagnostic.location {
            properties.append("file=" + escapeProperty(location.file))
            if location.line > 0 { properties.append("line=\(location.line)") }
            if location.column > 0 { properties.append("col=\(location.column)") }
        }
        let head =
            "::" + diagnostic.severity.rawValue
            + (properties.isEmpty ? "" : " " + properties.joined(separator: ","))
        return head + "::" + escapeData(diagnostic.message)
    }

    /// The message: `%`, CR and LF are encoded so one annotation stays one line.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value: also `:` and `,`, which would end it.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
