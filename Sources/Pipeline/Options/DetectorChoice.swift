import Detection
import Foundation
import NeuralDetection

/// Which detector re-seeds the trackers (and, for a class detector, may start tracks by itself).
public enum DetectorChoice: Sendable, Hashable, CustomStringConvertible {
    /// The default, `auto`: a boxed object with a person detection under it on its start frame (the
    /// vendored ``PersonDetector``) is followed as that person, re-seeded by the person detector and
    /// told apart by re-identification, as with ``person``; every other box as with ``template``.
    /// Starts no tracks by itself.
    case automatic
    /// Re-detects each boxed object from its own appearance (``TemplateRedetector``); works for any object.
    case template
    /// The vendored person detector (``PersonDetector``: Intel's person-detection-0202, OpenVINO).
    case person
    /// The packaged SSDLite person detector (``SSDLitePersonDetector``, OpenVINO), `person-ssdlite`:
    /// the default before 2026-12-07, kept as a named choice.
    case personSSDLite
    /// The packaged face detector (``FaceDetector``, OpenVINO).
    case face
    /// A user's YOLO-family ONNX model (``YOLODetector``, OpenVINO).
    case yolo(YOLOModelChoice)
    /// An OpenCV Haar or LBP cascade: `face`, `profileface`, `fullbody`, `upperbody`, or a path to an `.xml` file.
    case cascade(String)

    /// Parses `auto`, `template`, `person`, `person-ssdlite`, `face`, a path ending in `.onnx` (with `classes` to keep and an
    /// optional class-names file), `haar-face`, another cascade name, or a path ending in `.xml`.
    public init(parsing text: String, classes: [String]? = nil, classNamesPath: String? = nil) {
        switch text {
        case "auto": self = .automatic
        case "template": self = .template
        case "person": self = .person
        case "person-ssdlite": self = .personSSDLite
        case "face": self = .face
        case "haar-face": self = .cascade("face")
        case _ where text.lowercased().hasSuffix(".onnx"):
            self = .yolo(YOLOModelChoice(path: text, classes: classes, classNamesPath: classNamesPath))
        default: self = .cascade(text)
        }
    }

    /// True for a class detector, which can start tracks without boxes.
    public var findsNewObjects: Bool {
        switch self {
        case .automatic, .template: return false
        case .person, .personSSDLite, .face, .yolo, .cascade: return true
        }
    }

    /// True when boxed objects that start on a person are followed as people (re-seeded by a person
    /// detector and told apart by re-identification): `auto`, `person` and `person-ssdlite`.
    public var followsPeople: Bool {
        switch self {
        case .automatic, .person, .personSSDLite: return true
        case .template, .face, .yolo, .cascade: return false
        }
    }

    /// True when the detector looks at colour (the neural ones), so frames must be decoded in colour.
    public var needsColour: Bool {
        switch self {
        case .automatic, .person, .personSSDLite, .face, .yolo: return true
        case .template, .cascade: return false
        }
    }

    /// True for the person detectors, whose tracks are told apart by re-identification
    /// (``PersonReidentifier``): `person` and `person-ssdlite`.
    public var findsPeople: Bool {
        switch self {
        case .person, .personSSDLite: return true
        case .automatic, .template, .face, .yolo, .cascade: return false
        }
    }

    /// The one class the detector reports, when it reports one class only.
    public var onlyClass: String? {
        switch self {
        case .automatic, .template: return nil
        case .person, .personSSDLite: return "person"
        case .face: return "face"
        case .yolo(let model): return model.classes?.count == 1 ? model.classes?.first : nil
        case .cascade(let name): return name.hasSuffix(".xml") ? nil : name
        }
    }

    public var description: String {
        switch self {
        case .automatic: return "auto"
        case .template: return "template"
        case .person: return "person"
        case .personSSDLite: return "person-ssdlite"
        case .face: return "face"
        case .yolo(let model): return model.path
        case .cascade(let name): return name == "face" ? "haar-face" : name
        }
    }

    /// What `--detector` accepts, for help and errors.
    public static let choicesText = "auto, person, person-ssdlite, face, template, haar-face, profileface, fullbody, upperbody, a YOLO model PATH.onnx or an OpenCV cascade PATH.xml"

    /// True when `text` names a detector ``init(parsing:classes:classNamesPath:)`` understands.
    public static func isKnown(_ text: String) -> Bool {
        guard case .cascade(let name) = DetectorChoice(parsing: text) else { return true }
        return CascadeDetector.knownNames[name] != nil || name.lowercased().hasSuffix(".xml")
    }

    /// The files the detector reads that the user named: an ONNX model and its class-names file, or
    /// a cascade `.xml`.
    public var inputFiles: [CommandFiles.File] {
        switch self {
        case .automatic, .template, .person, .personSSDLite, .face: return []
        case .yolo(let model):
            return [CommandFiles.File(role: "the model", path: model.path)]
                + (model.classNamesPath.map { [CommandFiles.File(role: "the class-names file", path: $0)] } ?? [])
        case .cascade(let name):
            return name.lowercased().hasSuffix(".xml") ? [CommandFiles.File(role: "the cascade", path: name)] : []
        }
    }

    /// The files whose contents decide what the detector finds: ``inputFiles``, or the installed
    /// model of the vendored and packaged `person`, `person-ssdlite` and `face` detectors.
    public var fingerprintedFiles: [String] {
        switch self {
        case .automatic, .person: return PersonDetector.files.map { PersonDetector.directory + "/" + $0.name }
        case .personSSDLite: return [PackagedModel.person.path]
        case .face: return [PackagedModel.face.path]
        default: return inputFiles.map(\.path)
        }
    }

    /// The person detector that follows boxed people (``followsPeople``): the class detector of
    /// `person` and `person-ssdlite`, the vendored ``PersonDetector`` for `auto`; nil for the others.
    public func makePersonDetector() throws -> (any Detector)? {
        switch self {
        case .automatic: return try LoadedDetectors.shared.detector(for: .person)
        case .person, .personSSDLite: return try makeClassDetector()
        case .template, .face, .yolo, .cascade: return nil
        }
    }

    /// The class detector, or `nil` for `.template` and `.automatic` (whose person detector is
    /// ``makePersonDetector()``'s). Neural detectors are loaded and compiled once per process and
    /// shared. Throws `DetectionError` or `NeuralDetectionError` naming the file.
    public func makeClassDetector() throws -> (any Detector)? {
        switch self {
        case .automatic, .template: return nil
        case .cascade(let name): return try CascadeDetector.named(name)
        case .person, .personSSDLite, .face, .yolo: return try LoadedDetectors.shared.detector(for: self)
        }
    }
}

/// A user's ONNX detector and what to keep of its output.
public struct YOLOModelChoice: Sendable, Hashable {
    /// The `.onnx` file.
    public var path: String
    /// Class names to keep (all when nil).
    public var classes: [String]?
    /// A file of class names, one per line, used instead of the model's metadata.
    public var classNamesPath: String?

    public init(path: String, classes: [String]? = nil, classNamesPath: String? = nil) {
        self.path = path
        self.classes = classes
        self.classNamesPath = classNamesPath
    }
}

/// Neural detectors loaded in this process, by choice: reading and compiling a model takes seconds,
/// so a batch of clips pays for it once. The detectors serialise their own inferences.
final class LoadedDetectors: @unchecked Sendable {
    static let shared = LoadedDetectors()
    private let lock = NSLock()
    private var detectors: [DetectorChoice: any Detector] = [:]

    func detector(for choice: DetectorChoice) throws -> any Detector {
        lock.lock()
        defer { lock.unlock() }
        if let detector = detectors[choice] { return detector }
        let detector: any Detector
        switch choice {
        case .person: detector = try PersonDetector()
        case .personSSDLite: detector = try SSDLitePersonDetector()
        case .face: detector = try FaceDetector()
        case .yolo(let model):
            detector = try YOLODetector(modelPath: model.path, classNamesPath: model.classNamesPath, keeping: model.classes)
        case .automatic, .template, .cascade: preconditionFailure("not a neural detector")
        }
        detectors[choice] = detector
        return detector
    }
}
