public enum NotesiteVersion {
    public static let current = "0.1.0"
}
