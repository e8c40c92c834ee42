import COpenVINO
import Foundation

/// One model read from a file and compiled for the CPU, with one inference request; the only type
/// that talks to the OpenVINO binding. Thread-safe: inferences on one network are serialised.
///
///     let network = try NeuralNetwork(modelPath: "detector.onnx") { declared in
///         declared.map { $0 < 0 ? 640 : $0 }
///     }
///     try network.run(&floats) { outputs in outputs[0].values[0] }
public final class NeuralNetwork: @unchecked Sendable {
    /// The precision the CPU computes in.
    public enum Precision: Sendable {
        /// The runtime's choice: bf16 on CPUs that have it (faster, results move by about 1%).
        case runtimeDefault
        /// 32-bit floats throughout (the results other float32 runtimes give).
        case float32
    }

    /// The model file.
    public let path: String
    /// Each input's compiled dimensions (for example `[1, 3, 640, 640]`), in the model's order.
    public let inputShapes: [[Int]]
    /// Whether each input takes 8-bit values (else 32-bit floats).
    public let inputTakesBytes: [Bool]
    /// How many outputs the model has.
    public let outputCount: Int
    /// The first input's compiled dimensions.
    public var inputShape: [Int] { inputShapes[0] }
    /// Whether the first input takes 8-bit values (else 32-bit floats).
    public var takesBytes: Bool { inputTakesBytes[0] }
    private let handle: OpaquePointer
    private let lock = NSLock()
    /// The binding's one-line reason for a failure, reused by every call (under `lock`).
    private var message = [CChar](repeating: 0, count: 1024)
    /// The last inference's outputs, reused by every call (under `lock`).
    private var outputs: [NetworkOutput] = []

    /// Reads and compiles the model. For a model with one input, `fixInputShape` receives its declared
    /// dimensions (-1 for dynamic ones) and returns the static ones to compile for; the model is
    /// reshaped when they differ. A model with several inputs must declare them static. The compiled
    /// model is kept in `cacheDirectory` (nil: not kept), so that the next process compiling the same
    /// model loads it instead. Throws ``NeuralDetectionError`` naming the file.
    public init(modelPath: String, threads: Int = 0, precision: Precision = .runtimeDefault,
                cacheDirectory: String? = InferenceRuntime.compiledModelCache,
                fixInputShape: ([Int]) throws -> [Int] = { $0 }) throws {
        try InferenceRuntime.load()
        guard FileManager.default.isReadableFile(atPath: modelPath) else {
            throw NeuralDetectionError.unusableModel(path: modelPath, reason: "no such file or not readable")
        }
        guard let handle = vt_ov_network_read(modelPath, &message, message.count) else {
            throw NeuralDetectionError.unusableModel(path: modelPath, reason: String(messageBuffer: message))
        }
        self.handle = handle
        path = modelPath
        do {
            let inputCount = vt_ov_network_input_count(handle)
            var shapes: [[Int]] = []
            for index in 0..<inputCount {
                var dims = [Int64](repeating: 0, count: 8)
                let rank = Int(vt_ov_network_input_shape(handle, index, &dims, Int32(dims.count)))
                guard rank > 0 else {
                    throw NeuralDetectionError.unusableModel(path: modelPath, reason: "input \(index) has no fixed rank")
                }
                shapes.append(dims.prefix(rank).map(Int.init))
            }
            if inputCount == 1 {
                let declared = shapes[0]
                let fixed = try fixInputShape(declared)
                guard fixed.count == declared.count, fixed.allSatisfy({ $0 > 0 && $0 <= 8192 }) else {
                    throw NeuralDetectionError.unusableModel(path: modelPath, reason: "unsupported input shape \(declared)")
                }
                if fixed != declared {
                    let wanted = fixed.map(Int64.init)
                    guard vt_ov_network_reshape(handle, wanted, Int32(fixed.count), &message, message.count) == 0 else {
                        throw NeuralDetectionError.unusableModel(path: modelPath, reason: String(messageBuffer: message))
                    }
                }
                shapes[0] = fixed
            } else if let dynamic = shapes.firstIndex(where: { $0.contains { $0 <= 0 } }) {
                throw NeuralDetectionError.unusableModel(path: modelPath, reason: "input \(dynamic) has dynamic shape \(shapes[dynamic])")
            }
            let precisionName = precision == .float32 ? "f32" : nil
            guard vt_ov_network_compile(handle, Int32(max(0, threads)), precisionName, cacheDirectory, &message, message.count) == 0 else {
                throw NeuralDetectionError.unusableModel(path: modelPath, reason: String(messageBuffer: message))
            }
            inputTakesBytes = try (0..<inputCount).map { index in
                let element = vt_ov_network_input_element(handle, index)
                guard element == VT_OV_ELEMENT_U8 || element == VT_OV_ELEMENT_F32 else {
                    throw NeuralDetectionError.unusableModel(path: modelPath, reason: "input \(index) is neither 8-bit nor float")
                }
                return element == VT_OV_ELEMENT_U8
            }
            inputShapes = shapes
            outputCount = vt_ov_network_output_count(handle)
            outputs.reserveCapacity(outputCount)
        } catch {
            vt_ov_network_free(handle)
            throw error
        }
    }

    deinit { vt_ov_network_free(handle) }

    /// Runs a one-input network on `input` (laid out in ``inputShape``), then hands the outputs to
    /// `read`, which must not keep them: they are valid only inside it.
    public func run<Element, Result>(_ input: inout [Element], read: ([NetworkOutput]) throws -> Result) throws -> Result {
        try input.withUnsafeMutableBytes { bytes in
            try run(inputs: [bytes], read: read)
        }
    }

    /// Runs the network on one buffer per input (in the model's order, each laid out in its
    /// ``inputShapes`` entry), then hands the outputs to `read`, which must not keep them.
    public func run<Result>(inputs: [UnsafeMutableRawBufferPointer], read: ([NetworkOutput]) throws -> Result) throws -> Result {
        lock.lock()
        defer { lock.unlock() }
        let status = withUnsafeTemporaryAllocation(of: UnsafeMutableRawPointer?.self, capacity: inputs.count) { pointers in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: inputs.count) { sizes in
                for (index, input) in inputs.enumerated() {
                    pointers[index] = input.baseAddress
                    sizes[index] = input.count
                }
                return vt_ov_network_infer(handle, pointers.baseAddress, sizes.baseAddress, inputs.count, &message, message.count)
            }
        }
        guard status == 0 else { throw NeuralDetectionError.inferenceFailed(path: path, reason: String(messageBuffer: message)) }
        outputs.removeAll(keepingCapacity: true)
        for index in 0..<outputCount {
            var data: UnsafePointer<Float>?
            var dims: (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0, 0, 0, 0)
            let (rank, shape) = withUnsafeMutableBytes(of: &dims) { raw -> (Int, [Int]) in
                let dimensions = raw.bindMemory(to: Int64.self)
                let rank = Int(vt_ov_network_output(handle, index, &data, dimensions.baseAddress, 8, &message, message.count))
                return (rank, rank >= 0 ? dimensions.prefix(rank).map(Int.init) : [])
            }
            guard rank >= 0, let data else {
                throw NeuralDetectionError.inferenceFailed(path: path, reason: String(messageBuffer: message))
            }
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
