import FoundationEssentials

/// Why a replica could not be made, opened or folded.
public enum SyncError: LocalizedError, Equatable, Sendable {
    /// A counter is beyond the IDs of the device's block.
    case blockUsedUp(String)
    /// A document to fold has no devices.
    case notAReplica
    /// A replica opened on a machine that is not its device (or with another key).
    case notThisDevice(file: String, device: String)
    /// Another replica has seen later changes of this device than its own replica holds.
    case staleReplica(device: String, seenBy: String)
    /// The machine's record of its devices is not one budget can use (its contents).
    case registry(path: String, reason: String)
    /// The machine's record of its devices could not be read or written (the file system
    /// refused: permissions, a directory in its place).
    case registryUnreachable(path: String, reason: String)
    /// `device init` on a file that is a replica already.
    case alreadyReplica(device: String)
    /// `device join` where the data file is no replica.
    case noReplicaToJoin(file: String)
    /// `device join` on a machine that is a device of the budget already.
    case alreadyDevice(String)
    /// A device name another device of the budget has.
    case deviceNameTaken(String)
    /// All ten blocks of IDs are taken.
    case noFreeBlock
    /// `conflicts resolve --take` naming a device that wrote no version.
    case noSuchVersion(device: String, among: [String])
    /// `conflicts resolve <n>` beyond the conflicts there are.
    case noSuchConflict(Int, count: Int)
    /// `--value` for an edit against a delete, which is settled by taking a side.
    case valueForDelete
    /// `--value` for a field no one types.
    case notTypable(String)
    /// Two devices hand out IDs from one block (they joined before either saw the other).
    case sameBlock(device: String, other: String)
    /// This machine's replica of the budget is not in the folder.
    case missingReplica(file: String, device: String)

    /// What went wrong, lower-case.
    public var errorDescription: String? {
        switch self {
        case .blockUsedUp(let what):
            return "the device's block of ids cannot hold what the budget has handed out (\(what))"
        case .notAReplica:
            return "only the replicas of devices fold; a file without devices merges three-way"
        case let .notThisDevice(file, device):
            return "\(file) is the replica of device '\(device)', and this machine is not that device "
                + "(a copied folder or a restored backup?); nothing was changed"
        case let .staleReplica(device, seenBy):
            return "the replica of device '\(device)' is older than what device '\(seenBy)' has seen of it "
                + "(a restored backup?); writing it would hand out its IDs again"
        case let .registry(path, reason), let .registryUnreachable(path, reason):
            return "cannot use the record of this machine's devices \(path): \(reason)"
        case .alreadyReplica(let device):
            return "the budget is already a replica, of device '\(device)'"
        case .noReplicaToJoin(let file):
            return "\(file) is not the replica of a device; make it one on the first device"
        case .alreadyDevice(let device):
            return "this machine is already device '\(device)' of this budget"
        case .deviceNameTaken(let device):
            return "another device of this budget is named '\(device)'"
        case let .noSuchVersion(device, among):
            return "device '\(device)' wrote none of the conflict's values; they are "
                + among.map { "'\($0)'" }.joined(separator: " and ")
        case let .noSuchConflict(number, count):
            return count == 0
                ? "there are no conflicts between devices"
                : "there is no conflict \(number); there \(count == 1 ? "is 1" : "are \(count)")"
        case .valueForDelete:
            return "an edit against a delete is settled by taking the device that deleted or the one that edited"
        case .notTypable(let field):
            return "\(field) is not typed; take one device's value"
        case let .sameBlock(device, other):
            return "devices '\(device)' and '\(other)' hand out IDs from the same block (they joined before "
                + "either saw the other), so their records could share IDs; nothing was folded: on one of the two "
                + "machines, make a new device of the budget and copy its records over"
        case let .missingReplica(file, device):
            return "this machine is device '\(device)' of the budget, but its replica \(file) is not there"
        case .noFreeBlock:
            return "ten devices share this budget already; no block of ids is left"
        }
    }
}
