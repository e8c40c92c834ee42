import Foundation

/// The batch's input files, to refuse outputs that would replace one of them.
struct BatchInputFiles {
    private let paths: Set<String>
    private let identities: Set<BatchFileIdentity>

    init(paths: [String]) {
        self.paths = Set(paths.map(ClipFinder.canonicalPath))
        identities = Set(paths.compactMap(BatchFileIdentity.init))
    }

    func contains(_ path: String) -> Bool {
        if paths.contains(ClipFinder.canonicalPath(path)) { return true }
        return BatchFileIdentity(path).map(identities.contains) ?? false
    }
}

/// Device and inode of an existing file: equal for two paths of the same file (hard or symbolic links).
struct BatchFileIdentity: Hashable {
    let device: UInt64
    let inode: UInt64

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
