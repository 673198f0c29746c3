/// What a store does with a device's replica when it reads it, before anything else: check that
/// this machine is the device, and fold in what the other devices' replicas hold that this one
/// has not seen. (The fold itself lives in `Replication/`, above the store.)
public protocol ReplicaOpening: Sendable {
    /// The document read from `path` (a replica or not), as this device must see it.
    ///
    /// - Throws: when the replica is not this machine's, or another replica cannot be read.
    func open(_ document: BudgetDocument, at path: String) throws -> BudgetDocument
}
