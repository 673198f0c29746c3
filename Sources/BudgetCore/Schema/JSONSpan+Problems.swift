/// Walking a validated data file, its syntax errors worded as the file's problems (validation
/// has ruled them out; should one come, it is reported, never ignored).
extension JSONSpan {
    /// The value parsed: a tree of this value alone.
    func parsed() throws(DataFileProblem) -> JSONNode {
        do {
            return try node()
        } catch {
            throw DataFileProblem(error)
        }
    }

    /// Calls `body` with each member of an object in turn.
    func forEachMember(_ body: (KeyedValue) throws(DataFileProblem) -> Void) throws(DataFileProblem) {
        var members = members()
        while true {
            let member: KeyedValue?
            do {
                member = try members.next()
            } catch {
                throw DataFileProblem(error)
            }
            guard let member else { return }
            try body(member)
        }
    }

    /// Calls `body` with each element of an array in turn.
    func forEachElement(_ body: (JSONSpan) throws(DataFileProblem) -> Void) throws(DataFileProblem) {
        var elements = elements()
        while true {
            let element: JSONSpan?
            do {
                element = try elements.next()
            } catch {
                throw DataFileProblem(error)
            }
            guard let element else { return }
            try body(element)
        }
    }

    /// How many items an object or array has (each skipped, none parsed).
    func count() throws(DataFileProblem) -> Int {
        var count = 0
        if isObject {
            try forEachMember { _ throws(DataFileProblem) in count += 1 }
        } else {
            try forEachElement { _ throws(DataFileProblem) in count += 1 }
        }
        return count
    }
}
