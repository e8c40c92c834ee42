import COpenVINO
import Foundation

/// One model read from a file and compiled for the CPU, with one inference request; the only type
/// that talks to the OpenVINO binding. Thread-safe: inferences on one network are serialised.
///
///     let network = try NeuralNetwork(modelPath: "detector.onnx") { declared in
///         declared.map { $0 < 0 ? 640 : $0 }
///     }
///     try network.infer(floats)
///     let output = try network.output(0)
public final class NeuralNetwork: @unchecked Sendable {
    /// The model file.
    public let path: String
    /// The compiled input's dimensions (for example `[1, 3, 640, 640]`).
    public let inputShape: [Int]
    /// Whether the input takes 8-bit values (else 32-bit floats).
    public let takesBytes: Bool
    /// How many outputs the model has.
    public let outputCount: Int
    private let handle: OpaquePointer
    private let lock = NSLock()

    /// Reads and compiles the model. `fixInputShape` receives the declared input dimensions (-1 for
    /// dynamic ones) and returns the static ones to compile for; the model is reshaped when they differ.
    /// The compiled model is kept in `cacheDirectory` (nil: not kept), so that the next process
    /// compiling the same model loads it instead. Throws ``NeuralDetectionError`` naming the file.
    public init(modelPath: String, threads: Int = 0, cacheDirectory: String? = InferenceRuntime.compiledModelCache,
                fixInputShape: ([Int]) throws -> [Int] = { $0 }) throws {
        try InferenceRuntime.load()
        guard FileManager.default.isReadableFile(atPath: modelPath) else {
            throw NeuralDetectionError.unusableModel(path: modelPath, reason: "no such file or not readable")
        }
        var message = [CChar](repeating: 0, count: 1024)
        guard let handle = vt_ov_network_read(modelPath, &message, message.count) else {
            throw NeuralDetectionError.unusableModel(path: modelPath, reason: String(messageBuffer: message))
        }
        self.handle = handle
        path = modelPath
        do {
            var dims = [Int64](repeating: 0, count: 8)
            let rank = Int(vt_ov_network_input_shape(handle, &dims, Int32(dims.count)))
            guard rank > 0 else { throw NeuralDetectionError.unusableModel(path: modelPath, reason: "the input has no fixed rank") }
            let declared = dims.prefix(rank).map(Int.init)
            let fixed = try fixInputShape(declared)
            guard fixed.count == rank, fixed.allSatisfy({ $0 > 0 && $0 <= 8192 }) else {
                throw NeuralDetectionError.unusableModel(path: modelPath, reason: "unsupported input shape \(declared)")
            }
            if fixed != declared {
                let wanted = fixed.map(Int64.init)
                guard vt_ov_network_reshape(handle, wanted, Int32(rank), &message, message.count) == 0 else {
                    throw NeuralDetectionError.unusableModel(path: modelPath, reason: String(messageBuffer: message))
                }
            }
            guard vt_ov_network_compile(handle, Int32(max(0, threads)), cacheDirectory, &message, message.count) == 0 else {
                throw NeuralDetectionError.unusableModel(path: modelPath, reason: String(messageBuffer: message))
            }
            let element = vt_ov_network_input_element(handle)
            guard element == VT_OV_ELEMENT_U8 || element == VT_OV_ELEMENT_F32 else {
                throw NeuralDetectionError.unusableModel(path: modelPath, reason: "the input is neither 8-bit nor float")
            }
            takesBytes = element == VT_OV_ELEMENT_U8
            inputShape = fixed
            outputCount = vt_ov_network_output_count(handle)
        } catch {
            vt_ov_network_free(handle)
            throw error
        }
    }

    deinit { vt_ov_network_free(handle) }

    /// Runs the network on `input` (laid out in ``inputShape``), then hands the outputs to `read`,
    /// which must not keep them: they are valid only inside it.
    public func run<Element, Result>(_ input: inout [Element], read: ([NetworkOutput]) throws -> Result) throws -> Result {
        lock.lock()
        defer { lock.unlock() }
        var message = [CChar](repeating: 0, count: 1024)
        let status = input.withUnsafeMutableBytes { bytes in
            vt_ov_network_infer(handle, bytes.baseAddress, bytes.count, &message, message.count)
        }
        guard status == 0 else { throw NeuralDetectionError.inferenceFailed(path: path, reason: String(messageBuffer: message)) }
        var outputs: [NetworkOutput] = []
        for index in 0..<outputCount {
            var data: UnsafePointer<Float>?
            var dims = [Int64](repeating: 0, count: 8)
            let rank = Int(vt_ov_network_output(handle, index, &data, &dims, Int32(dims.count), &message, message.count))
            guard rank >= 0, let data else {
                throw NeuralDetectionError.inferenceFailed(path: path, reason: String(messageBuffer: message))
            }
            let shape = dims.prefix(rank).map(Int.init)
            outputs.append(NetworkOutput(shape: shape, values: UnsafeBufferPointer(start: data, count: shape.reduce(1, *))))
        }
        return try read(outputs)
    }
}

/// One output tensor of an inference: its dimensions and its values in row-major order.
public struct NetworkOutput {
    public let shape: [Int]
    public let values: UnsafeBufferPointer<Float>
}
