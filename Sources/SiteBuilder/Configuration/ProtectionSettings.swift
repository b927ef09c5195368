public import NoteModel
import YAMLReader

/// One `protect:` entry of `notesite.yml`: the notes whose vault path matches `path` (a glob, as
/// `exclude` reads them) are sealed with the password in the environment variable `passwordEnv`.
public struct ProtectRule: Sendable, Hashable {
    public var path: String
    public var passwordEnv: String
    public var location: SourceLocation?
}

/// Where a reader's browser keeps a note key after "keep unlocked on this device".
public enum UnlockStorage: String, Sendable, Hashable {
    /// Until the tab or window closes.
    case session
    /// Until the reader clears the site's data.
    case local
}

extension SiteConfiguration {
    /// `protect:` as a list of `{ path: GLOB, password_env: NAME }`.
    static let protectSetter: Setter = { configuration, node in
        let wanted = "must be a list of { path: GLOB, password_env: NAME }"
        guard case .sequence(let items) = node.kind else { return "\(wanted), found \(node.typeDescription)" }
        var rules: [ProtectRule] = []
        for item in items {
            guard case .mapping(let entries) = item.kind else {
                return "\(wanted), found \(item.typeDescription) in it"
            }
            var path: String?
            var variable: String?
            for entry in entries {
                guard case .scalar(let key, _) = entry.key.kind,
                    case .scalar(let value, _) = entry.value.kind,
                    !value.isEmpty
                else { return "\(wanted); each entry's values are text" }
                switch key {
                case "path": path = value
                case "password_env": variable = value
                default: return "\(wanted); unknown key '\(key)'"
                }
            }
            guard let path, let variable else { return "\(wanted); an entry lacks path or password_env" }
            guard isVariableName(variable) else {
                return
                    "password_env must name an environment variable (letters, digits, _), found '\(variable)'"
            }
            rules.append(ProtectRule(path: path, passwordEnv: variable, location: item.location))
        }
        configuration.protect = rules
        return nil
    }

    static let opaqueURLsSetter: Setter = { configuration, node in
        guard case .bool(let value) = node.scalarValue else {
            return "must be true or false, found \(node.typeDescription)"
        }
        configuration.opaqueURLs = value
        return nil
    }

    static let keepUnlockedSetter: Setter = { configuration, node in
        guard case .scalar(let value, _) = node.kind, let storage = UnlockStorage(rawValue: value) else {
            return "must be 'session' or 'local', found \(node.typeDescription)"
        }
        configuration.keepUnlocked = storage
        return nil
    }

    /// A POSIX environment variable name.
    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        }
    }
}
