/// Where each record of each table starts in the file, in the tables' order (empty when not
/// kept): for reading a few records whole after a read that skipped fields.
struct RecordStarts {
    var incomes: [Int] = [], expenses: [Int] = [], transfers: [Int] = []
}
