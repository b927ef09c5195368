// NotesiteCLI
