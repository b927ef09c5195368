import Foundation
import Mustache
import Testing

/// The official Mustache spec files, read in place from `../shared/corpora/mustache`.
enum SpecCorpus {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // MustacheTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .deletingLastPathComponent()
        .appendingPathComponent("shared/corpora/mustache")

    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent("sections.json").path)
    }

    /// Under CI a missing corpus is a failure, elsewhere (a user's clone) the suite is skipped.
    static var mustRun: Bool {
        isAvailable || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// One case per spec test of the given files; a single failing case when the files cannot be read.
    static func cases(_ suites: [String]) -> [SpecCase] {
        do {
            return try suites.flatMap { suite in
                let data = try Data(contentsOf: directory.appendingPathComponent("\(suite).json"))
                let file = try JSONDecoder().decode(SpecFile.self, from: data)
                return file.tests.map { test in
                    SpecCase(
                        suite: suite, name: test.name, template: test.template,
                        partials: test.partials ?? [:],
                        data: test.data.value, expected: test.expected)
                }
            }
        } catch {
            return [SpecCase(unreadable: "cannot read the spec in \(directory.path): \(error)")]
        }
    }
}

/// One example of the spec.
struct SpecCase: Sendable, CustomTestStringConvertible {
    var suite: String
    var name: String
    var template: String
    var partials: [String: String]
    var data: TemplateValue
    var expected: String
    /// Set when the corpus could not be read: the case then fails with this message.
    var problem: String?

    init(
        suite: String, name: String, template: String, partials: [String: String], data: TemplateValue,
        expected: String
    ) {
        self.suite = suite
        self.name = name
        self.template = template
        self.partials = partials
        self.data = data
        self.expected = expected
    }

    init(unreadable problem: String) {
        self.init(suite: "corpus", name: "unreadable", template: "", partials: [:], data: .null, expected: "")
        self.problem = problem
    }

    var testDescription: String { "\(suite): \(name)" }
}

private struct SpecFile: Decodable {
    var tests: [SpecTest]
}

private struct SpecTest: Decodable {
    var name: String
    var data: JSONValue
    var template: String
    var partials: [String: String]?
    var expected: String
}

/// JSON as a `TemplateValue`: integral numbers become `.int`, others `.double`.
private struct JSONValue: Decodable {
    var value: TemplateValue

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = .null
        } else if let bool = try? container.decode(Bool.self) {
            value = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            value = .int(int)
        } else if let double = try? container.decode(Double.self) {
            value = .double(double)
        } else if let string = try? container.decode(String.self) {
            value = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            value = .array(array.map(\.value))
        } else {
            value = .object(try container.decode([String: JSONValue].self).mapValues(\.value))
        }
    }
}
