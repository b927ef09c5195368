public enum NotesiteCLI {
    public static func main(arguments: [String]) async -> Int32 { 0 }
}
