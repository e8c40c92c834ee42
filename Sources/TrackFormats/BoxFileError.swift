/// A sidecar or manifest that does not give usable boxes; `location` is `line N` or `item N` (1-based).
public struct BoxFileError: Error, CustomStringConvertible, Equatable, Sendable {
    public let path: String
    public let location: String
    public let reason: String

    public init(path: String, location: String, reason: String) {
        self.path = path
        self.location = location
        self.reason = reason
    }

    public var description: String { location.isEmpty ? "\(path): \(reason)" : "\(path): \(location): \(reason)" }
}
