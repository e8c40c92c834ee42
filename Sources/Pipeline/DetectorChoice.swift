import Detection

/// Which detector re-seeds the trackers (and, for a class detector, may start tracks by itself).
public enum DetectorChoice: Sendable, Equatable, CustomStringConvertible {
    /// Re-detects each boxed object from its own appearance (``TemplateRedetector``); works for any object.
    case template
    /// An OpenCV Haar or LBP cascade: `face`, `profileface`, `fullbody`, `upperbody`, or a path to an `.xml` file.
    case cascade(String)

    /// Parses `template`, a cascade name, or a path ending in `.xml`.
    public init(parsing text: String) {
        self = text == "template" ? .template : .cascade(text)
    }

    /// True for a class detector, which can start tracks without boxes.
    public var findsNewObjects: Bool {
        if case .cascade = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .template: return "template"
        case .cascade(let name): return name
        }
    }

    /// The class detector, or `nil` for `.template`. Throws `DetectionError` naming the file.
    func makeClassDetector() throws -> CascadeDetector? {
        guard case .cascade(let name) = self else { return nil }
        return try CascadeDetector.named(name)
    }
}
