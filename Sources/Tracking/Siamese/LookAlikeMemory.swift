import Imaging

/// The look-alikes around a ``SiameseTracker``'s object, followed from frame to frame so that the
/// tracker does not jump onto one of them: KeepTrack's target-candidate association (Mayer et al.,
/// ICCV 2021), here by motion alone, on the peaks DaSiamRPN calls distractors (the other places a
/// Siamese head takes for the object).
///
/// Each frame, the decoder's chosen place and the head's look-alikes are associated with the last
/// frame's tracks (the object's own and one per look-alike) by the positions their constant
/// velocity predicts, nearest first within ``gate`` box sizes. The decoder's choice stands unless it
/// continues a look-alike followed as someone else on ``establishedAfter`` frames in a row on which
/// the tracker was sure of the object (a doubtful tracker may be the one on someone else); then the place
/// that continues the object's track is taken instead or, when there is none (the object is hidden
/// by the look-alike or merged with it), the object's motion carries it. While the object's
/// predicted place and an established look-alike's overlap, one frame cannot tell which is which:
/// ``Resolution/identityShare`` is 1 over the number of tracks sharing the place, and their
/// velocities are held, so that when they part each place goes to the track whose motion leads there.
/// The other objects tracked on the same sequence (``noteOthers(_:own:)``) are someone else from the
/// start: established look-alikes on this frame, where their motion puts them.
///
/// Frame pixels, top-left origin. Storage is made once; nothing is allocated per frame.
struct LookAlikeMemory {
    /// Look-alikes further than this from a track's predicted centre (in box widths and heights,
    /// combined as a Euclidean distance) do not continue it.
    static let gate: Float = 0.5
    /// Frames in a row a look-alike must be followed while the tracker is sure of the object before
    /// the object may not jump onto it.
    static let establishedAfter = 3
    /// Frames a look-alike may go unseen (carried by its motion) before it is forgotten.
    static let forgottenAfter = 5
    /// Weight of each frame's innovation in a track's velocity.
    static let velocitySmoothing: Float = 0.5
    /// Most look-alikes followed at once.
    static let capacity = 6
    /// Most other tracked objects taken into account.
    static let othersCapacity = 16

    /// What to report on this frame.
    enum Choice: Equatable {
        /// The decoder's chosen place.
        case decoderChoice
        /// The look-alike peak at this index, which continues the object's track.
        case lookAlike(Int)
        /// Neither: the object's predicted centre (``objectPrediction``).
        case objectMotion
    }

    struct Resolution: Equatable {
        var choice: Choice
        /// Probability (0...1) that the reported place is the object rather than a look-alike it
        /// cannot be told from: 1 / the number of tracks whose predicted places overlap there.
        var identityShare: Float
    }

    private struct Track {
        var x: Float, y: Float, vx: Float = 0, vy: Float = 0
        /// Frames in a row followed while the tracker was sure of the object (kept once established),
        /// and frames in a row unseen.
        var sureHits: Int, misses = 0
        var isEstablished: Bool { sureHits >= LookAlikeMemory.establishedAfter }
    }

    private var object: Track
    private var lookAlikes: [Track]
    /// The other tracked objects' centres, predicted for this frame.
    private var othersX: [Float], othersY: [Float]
    /// Per-frame scratch: the places (0: the decoder's choice, then the look-alikes), and which
    /// track took each place (-1: none, 0: the object, k: look-alike k - 1).
    private var placeX: [Float], placeY: [Float], owner: [Int]
    /// Whether the object's velocity is held on this frame (it shares its place or was carried).
    private var holdsObjectMotion = false

    /// Starts with the object at (`x`, `y`) and no look-alikes.
    init(x: Float, y: Float) {
        object = Track(x: x, y: y, sureHits: 0)
        lookAlikes = []
        lookAlikes.reserveCapacity(Self.capacity)
        othersX = []
        othersY = []
        othersX.reserveCapacity(Self.othersCapacity)
        othersY.reserveCapacity(Self.othersCapacity)
        placeX = []
        placeY = []
        owner = []
        placeX.reserveCapacity(Self.capacity + 1)
        placeY.reserveCapacity(Self.capacity + 1)
        owner.reserveCapacity(Self.capacity + 1)
    }

    /// Where the object's motion puts it on this frame (after ``resolve``).
    var objectPrediction: (x: Float, y: Float) { (object.x, object.y) }

    /// Takes the centres of `boxes` but the one at `own` (where every object tracked on the sequence
    /// should be on the next frame, frame pixels) as someone else's on the next frame.
    mutating func noteOthers(_ boxes: [PixelRect], own: Int) {
        othersX.removeAll(keepingCapacity: true)
        othersY.removeAll(keepingCapacity: true)
        for (index, box) in boxes.enumerated() where index != own && othersX.count < Self.othersCapacity {
            othersX.append(Float(box.x + box.width / 2))
            othersY.append(Float(box.y + box.height / 2))
        }
    }

    /// Whether the place centred at (`x`, `y`) is someone else's: nearer another tracked object or an
    /// established look-alike than the object, and within ``gate`` of it (`width` x `height`: the object's box).
    func isSomeoneElses(x: Float, y: Float, width: Float, height: Float) -> Bool {
        var nearest = 0, nearestDistance = Float.infinity
        for track in 0..<trackCount {
            let (tx, ty) = position(of: track)
            let d = distance(x, y, tx, ty, width, height)
            if d < nearestDistance { (nearest, nearestDistance) = (track, d) }
        }
        return nearest > 0 && nearestDistance < Self.gate && isSomeoneElse(nearest)
    }

    /// Moves every track with the camera.
    mutating func shift(dx: Float, dy: Float) {
        object.x += dx
        object.y += dy
        for index in lookAlikes.indices {
            lookAlikes[index].x += dx
            lookAlikes[index].y += dy
        }
    }

    /// Associates this frame's places with the tracks and says which place is the object's.
    /// `chosen` is the decoder's choice and `peaks` the head's look-alikes, centres in frame
    /// pixels; `width` x `height` is the object's box (frame pixels). `isSure`: the tracker's last
    /// confidence said it was on the object, so the look-alikes seen now are someone else.
    mutating func resolve(chosen: (x: Float, y: Float), peaks: some Collection<(x: Float, y: Float)>,
                          width: Float, height: Float, isSure: Bool) -> Resolution {
        predict()
        placeX.removeAll(keepingCapacity: true)
        placeY.removeAll(keepingCapacity: true)
        placeX.append(chosen.x)
        placeY.append(chosen.y)
        for peak in peaks.prefix(Self.capacity) {
            placeX.append(peak.x)
            placeY.append(peak.y)
        }
        associate(width: width, height: height)

        var sharing = 0
        for track in 1..<trackCount where isSomeoneElse(track) {
            let (x, y) = position(of: track)
            if distance(x, y, object.x, object.y, width, height) < Self.gate { sharing += 1 }
        }
        holdsObjectMotion = sharing > 0
        var resolution = Resolution(choice: .decoderChoice, identityShare: 1 / Float(1 + sharing))
        let chosenOwner = owner[0]
        if chosenOwner > 0, isSomeoneElse(chosenOwner) {
            if let place = owner.indices.dropFirst().first(where: { owner[$0] == 0 }) {
                resolution.choice = .lookAlike(place - 1)
            } else {
                resolution.choice = .objectMotion
                resolution.identityShare = min(resolution.identityShare, 0.5)
                holdsObjectMotion = true
            }
        } else if chosenOwner > 0 {
            // The decoder moved onto a look-alike followed only briefly: it is the object's now.
            owner[0] = 0
            lookAlikes[chosenOwner - 1].sureHits = -1
        }
        updateLookAlikes(reported: resolution.choice, width: width, height: height, isSure: isSure)
        return resolution
    }

    /// Takes (`x`, `y`) as the object's centre on this frame: its velocity learns the innovation
    /// unless ``resolve`` held it.
    mutating func commit(x: Float, y: Float) {
        if !holdsObjectMotion {
            object.vx += Self.velocitySmoothing * (x - object.x)
            object.vy += Self.velocitySmoothing * (y - object.y)
        }
        object.x = x
        object.y = y
    }

    /// Forgets every look-alike and the object's motion: the object was found again at (`x`, `y`).
    mutating func restart(x: Float, y: Float) {
        object = Track(x: x, y: y, sureHits: 0)
        lookAlikes.removeAll(keepingCapacity: true)
    }

    /// The object (0), the look-alikes (1...) and the other tracked objects (after them).
    private var trackCount: Int { 1 + lookAlikes.count + othersX.count }

    /// Track `index`'s predicted centre.
    private func position(of index: Int) -> (x: Float, y: Float) {
        if index == 0 { return (object.x, object.y) }
        if index <= lookAlikes.count { return (lookAlikes[index - 1].x, lookAlikes[index - 1].y) }
        return (othersX[index - 1 - lookAlikes.count], othersY[index - 1 - lookAlikes.count])
    }

    /// Whether track `index` (not the object's) is someone else: another tracked object, or an established look-alike.
    private func isSomeoneElse(_ index: Int) -> Bool {
        index > lookAlikes.count || lookAlikes[index - 1].isEstablished
    }

    private mutating func predict() {
        object.x += object.vx
        object.y += object.vy
        for index in lookAlikes.indices {
            lookAlikes[index].x += lookAlikes[index].vx
            lookAlikes[index].y += lookAlikes[index].vy
        }
    }

    /// Greedy nearest-first association of places and tracks within the gate, into ``owner``.
    private mutating func associate(width: Float, height: Float) {
        owner.removeAll(keepingCapacity: true)
        for _ in placeX.indices { owner.append(-1) }
        let tracks = trackCount
        while true {
            var best: (place: Int, track: Int, distance: Float)?
            for place in placeX.indices where owner[place] < 0 {
                for track in 0..<tracks where !owner.contains(track) {
                    let (x, y) = position(of: track)
                    let d = distance(placeX[place], placeY[place], x, y, width, height)
                    if d < Self.gate, d < (best?.distance ?? .infinity) { best = (place, track, d) }
                }
            }
            guard let best else { return }
            owner[best.place] = best.track
        }
    }

    /// Moves the look-alikes to their places, forgets the long unseen, and starts a track for each
    /// place no track took (except the one reported as the object).
    private mutating func updateLookAlikes(reported: Choice, width: Float, height: Float, isSure: Bool) {
        for index in lookAlikes.indices {
            lookAlikes[index].misses += 1
            if !isSure, !lookAlikes[index].isEstablished { lookAlikes[index].sureHits = min(lookAlikes[index].sureHits, 0) }
        }
        for place in owner.indices where owner[place] > 0 && owner[place] <= lookAlikes.count {
            let index = owner[place] - 1
            var track = lookAlikes[index]
            let sharesObject = distance(track.x, track.y, object.x, object.y, width, height) < Self.gate
            if !sharesObject {
                track.vx += Self.velocitySmoothing * (placeX[place] - track.x)
                track.vy += Self.velocitySmoothing * (placeY[place] - track.y)
            }
            track.x = placeX[place]
            track.y = placeY[place]
            if isSure { track.sureHits += 1 }
            track.misses = 0
            lookAlikes[index] = track
        }
        lookAlikes.removeAll { $0.misses > Self.forgottenAfter || $0.sureHits < 0 }
        let reportedPlace: Int? = switch reported {
        case .decoderChoice: 0
        case .lookAlike(let index): index + 1
        case .objectMotion: nil
        }
        for place in owner.indices where owner[place] < 0 && place != reportedPlace && lookAlikes.count < Self.capacity {
            lookAlikes.append(Track(x: placeX[place], y: placeY[place], sureHits: isSure ? 1 : 0))
        }
    }

    /// Distance between two centres in box widths and heights.
    private func distance(_ x1: Float, _ y1: Float, _ x2: Float, _ y2: Float, _ width: Float, _ height: Float) -> Float {
        (((x1 - x2) / max(width, 1)) * ((x1 - x2) / max(width, 1)) + ((y1 - y2) / max(height, 1)) * ((y1 - y2) / max(height, 1))).squareRoot()
    }
}
