import Foundation

/// The `metadata_props` of an ONNX model file (field 14 of the `ModelProto` protobuf message: key and
/// value strings), read straight from the file; exporters such as Ultralytics store class names there.
///
///     let names = try ONNXMetadata(path: "yolo11n.onnx").properties["names"]
public struct ONNXMetadata: Sendable, Equatable {
    /// Metadata keys and their values.
    public let properties: [String: String]

    /// Reads the file. Throws ``NeuralDetectionError/unusableModel(path:reason:)`` when it is not a
    /// readable protobuf message.
    public init(path: String) throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw NeuralDetectionError.unusableModel(path: path, reason: "cannot read the file")
        }
        guard let properties = Self.parse(data) else {
            throw NeuralDetectionError.unusableModel(path: path, reason: "not an ONNX model (bad protobuf encoding)")
        }
        self.properties = properties
    }

    init(properties: [String: String]) {
        self.properties = properties
    }

    /// The metadata in the bytes of a model file; nil when they are not a well-formed protobuf message.
    public static func parse(_ data: Data) -> [String: String]? {
        data.withUnsafeBytes { raw -> [String: String]? in
            var reader = ProtobufReader(bytes: raw)
            var properties: [String: String] = [:]
            while !reader.atEnd {
                guard let (field, wireType) = reader.tag() else { return nil }
                if field == 14 && wireType == 2 {
                    guard let entry = reader.lengthDelimited() else { return nil }
                    var inner = ProtobufReader(bytes: entry)
                    var key = "", value = ""
                    while !inner.atEnd {
                        guard let (innerField, innerType) = inner.tag() else { return nil }
                        if innerType == 2, innerField == 1 || innerField == 2 {
                            guard let text = inner.lengthDelimited() else { return nil }
                            let string = String(decoding: text, as: UTF8.self)
                            if innerField == 1 { key = string } else { value = string }
                        } else if !inner.skip(wireType: innerType) {
                            return nil
                        }
                    }
                    properties[key] = value
                } else if !reader.skip(wireType: wireType) {
                    return nil
                }
            }
            return properties
        }
    }
}

/// Reads protobuf wire-format values from a byte range, never past its end.
private struct ProtobufReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var atEnd: Bool { offset >= bytes.count }

    mutating func varint() -> UInt64? {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            result |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
        return nil
    }

    mutating func tag() -> (field: UInt64, wireType: UInt64)? {
        guard let value = varint() else { return nil }
        return (value >> 3, value & 7)
    }

    mutating func lengthDelimited() -> UnsafeRawBufferPointer? {
        guard let length = varint(), length <= UInt64(bytes.count - offset) else { return nil }
        let start = offset
        offset += Int(length)
        return UnsafeRawBufferPointer(rebasing: bytes[start..<offset])
    }

    mutating func skip(wireType: UInt64) -> Bool {
        switch wireType {
        case 0: return varint() != nil
        case 1: return advance(8)
        case 2: return lengthDelimited() != nil
        case 5: return advance(4)
        default: return false
        }
    }

    private mutating func advance(_ count: Int) -> Bool {
        guard bytes.count - offset >= count else { return false }
        offset += count
        return true
    }
}
