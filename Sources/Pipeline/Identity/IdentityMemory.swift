/// What one person looks like to the re-identification network: the unit-length embedding of the
/// box they were first given or found in, kept for the whole track, and up to ``recentCapacity``
/// embeddings from later frames the track was sure of (the oldest replaced first).
///
///     var memory = IdentityMemory(first: embedding)
///     memory.remember(later)
///     let score = memory.similarity(to: candidate)   // -1...1, the best cosine over the memory
struct IdentityMemory {
    /// Later embeddings kept besides the first.
    static let recentCapacity = 4

    private(set) var first: [Float]
    private(set) var recent: [[Float]] = []
    private var next = 0

    /// `first` is a unit-length embedding (``PersonReidentifier``).
    init(first: [Float]) {
        self.first = first
    }

    /// Adds a unit-length embedding from a frame the track was sure of, replacing the oldest recent one when full.
    mutating func remember(_ embedding: [Float]) {
        if recent.count < Self.recentCapacity {
            recent.append(embedding)
        } else {
            recent[next] = embedding
        }
        next = (next + 1) % Self.recentCapacity
    }

    /// The largest cosine similarity (-1...1) between `embedding` (unit length) and the memory's embeddings.
    func similarity(to embedding: [Float]) -> Float {
        recent.reduce(Self.dot(first, embedding)) { max($0, Self.dot($1, embedding)) }
    }

    private static func dot(_ a: [Float], _ b: [Float]) -> Float {
        var sum: Float = 0
        for index in 0..<min(a.count, b.count) { sum += a[index] * b[index] }
        return sum
    }
}
