import NoteModel

extension Interpreter {
    /// The literal compiled (once for all rows); what is wrong with it, or the feature notesite
    /// does not support, is the warning at its place.
    func regex(_ literal: String, at place: SourceLocation) throws(EvaluationError) -> BaseRegex {
        let compiled: Result<BaseRegex, RegexError>
        if let known = regexes[literal] {
            compiled = known
        } else {
            do throws(RegexError) {
                compiled = .success(try BaseRegex(literal: literal))
            } catch {
                compiled = .failure(error)
            }
            regexes[literal] = compiled
        }
        switch compiled {
        case .success(let regex): return regex
        case .failure(let error): throw EvaluationError(message: error.message, location: place)
        }
    }

    /// Runs `body` with what is left of the step budget, charging what the search took.
    func searching<T>(at place: SourceLocation, _ body: (inout Int) throws(RegexError) -> T)
        throws(EvaluationError) -> T
    {
        var budget = max(0, Bases.stepBudget - steps)
        let before = budget
        defer { steps += before - budget }
        do throws(RegexError) {
            return try body(&budget)
        } catch {
            throw EvaluationError(message: error.message, location: place)
        }
    }
}
