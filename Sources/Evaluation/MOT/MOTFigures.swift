/// The figures of a ``MOTScore`` as `results.json` holds them (ratios in 0...1, MOTA at most 1 and
/// possibly negative; MOTP is the mean IoU of the matches, TrackEval's convention).
public struct MOTFigures: Sendable, Equatable, Codable {
    public var mota: Double
    public var motp: Double
    public var idf1: Double
    public var idp: Double
    public var idr: Double
    public var hota: Double
    public var detA: Double
    public var assA: Double
    public var detRe: Double
    public var detPr: Double
    public var assRe: Double
    public var assPr: Double
    public var locA: Double
    /// Identity switches.
    public var idsw: Int
    /// False positives: result boxes not matched at IoU >= 0.5.
    public var fp: Int
    /// Misses: ground-truth boxes not matched at IoU >= 0.5.
    public var fn: Int
    /// Matched boxes.
    public var tp: Int
    public var frag: Int
    /// Mostly tracked, partly tracked, mostly lost ground-truth ids.
    public var mt: Int
    public var pt: Int
    public var ml: Int
    public var idtp: Int
    public var idfp: Int
    public var idfn: Int
    /// Scored ground-truth boxes and ids, result boxes.
    public var groundTruthBoxes: Int
    public var groundTruthIDs: Int
    public var resultBoxes: Int

    public init(_ score: MOTScore) {
        let c = score.clear, i = score.identity, h = score.hota
        mota = c.mota
        motp = c.motp
        idf1 = i.idf1
        idp = i.idPrecision
        idr = i.idRecall
        hota = h.hota
        detA = h.detA
        assA = h.assA
        detRe = h.detRe
        detPr = h.detPr
        assRe = h.assRe
        assPr = h.assPr
        locA = h.locA
        idsw = c.idSwitches
        fp = c.falsePositives
        fn = c.misses
        tp = c.matches
        frag = c.fragmentations
        mt = c.mostlyTracked
        pt = c.partlyTracked
        ml = c.mostlyLost
        idtp = i.truePositives
        idfp = i.falsePositives
        idfn = i.falseNegatives
        groundTruthBoxes = c.objects
        groundTruthIDs = c.objectIDs
        resultBoxes = c.predictions
    }

    enum CodingKeys: String, CodingKey {
        case mota = "MOTA", motp = "MOTP", idf1 = "IDF1", idp = "IDP", idr = "IDR", hota = "HOTA", detA = "DetA"
        case assA = "AssA", detRe = "DetRe", detPr = "DetPr", assRe = "AssRe", assPr = "AssPr", locA = "LocA"
        case idsw = "IDSW", fp = "FP", fn = "FN", tp = "TP", frag = "Frag", mt = "MT", pt = "PT", ml = "ML"
        case idtp = "IDTP", idfp = "IDFP", idfn = "IDFN", groundTruthBoxes = "gt_boxes", groundTruthIDs = "gt_ids"
        case resultBoxes = "result_boxes"
    }
}
