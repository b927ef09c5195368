import Foundation

/// A small GNU-style argument reader: `--name value`, `--name=value`, `--flag`, `--` ends options.
struct Arguments {
    struct UsageError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    private(set) var flags: Set<String> = []
    private(set) var options: [String: String] = [:]
    private(set) var positionals: [String] = []

    /// `flagNames` take no value, `optionNames` take one; anything else starting with `-` is an error.
    init(_ arguments: [String], flags flagNames: Set<String>, options optionNames: Set<String>)
        throws(UsageError)
    {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            let name: String
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = Self.longName(String(argument[..<equals]))
                inlineValue = String(argument[argument.index(after: equals)...])
            } else {
                name = Self.longName(argument)
            }
            if flagNames.contains(name) {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value") }
                flags.insert(name)
            } else if optionNames.contains(name) {
                if let inlineValue {
                    options[name] = inlineValue
                } else if index < arguments.count {
                    options[name] = arguments[index]
                    index += 1
                } else {
                    throw UsageError("\(name) needs a value")
                }
            } else {
                throw UsageError(
                    "unknown option '\(name)'" + Suggestion.hint(for: name, in: flagNames.union(optionNames)))
            }
        }
    }

    /// Reads `arguments` with the options of a command's row in the command table.
    init(_ arguments: [String], spec: CommandSpec) throws(UsageError) {
        try self.init(arguments, flags: spec.flagNames, options: spec.valueOptionNames)
    }

    /// The one-letter spellings every command accepts.
    static let shortNames = ["-h": "--help", "-q": "--quiet", "-v": "--verbose"]

    static func longName(_ name: String) -> String { shortNames[name] ?? name }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// The vault folder named by the only positional argument at `index` (the current folder without one).
    func vault(at index: Int = 0) throws(UsageError) -> URL {
        guard positionals.count <= index + 1 else {
            throw UsageError("expected at most one vault folder, got \(positionals.count - index)")
        }
        let vault = URL(fileURLWithPath: positionals.count > index ? positionals[index] : ".")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: vault.path, isDirectory: &isFolder), isFolder.boolValue
        else {
            throw UsageError("vault '\(vault.relativePath)' is not a folder")
        }
        return vault
    }
}
