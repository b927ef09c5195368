import Foundation
import NotesiteCLI

let status = await NotesiteCLI.main(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
