/// Which device this machine is for one budget: kept outside the synced folder
/// (`DeviceRegistry`) and checked against the replica's own record (`SyncState.key`).
public struct DeviceIdentity: Equatable, Sendable {
    /// The device's name.
    public var device: String
    /// The key its replica must hold.
    public var key: String
    /// Its replica's file name, beside the data file.
    public var replica: String

    /// An identity.
    public init(device: String, key: String, replica: String) {
        self.device = device
        self.key = key
        self.replica = replica
    }
}
