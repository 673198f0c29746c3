/// The strict reader reads a file's bytes in place, through the same checked view as the fast one.
extension ByteView: JSONBytes {}
