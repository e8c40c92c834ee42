import Foundation

/// A whole-number field read from a file or the environment, and the range it may take.
///
/// Every such number passes here before it reaches arithmetic, a range or an allocation, so a
/// damaged or hostile value (`seqLength=4000000000`, `shard_count -1`,
/// `SLURM_ARRAY_TASK_MIN=-9223372036854775808`) is one ``IntegerFieldError`` that the caller
/// reports with the file and line, or the variable, instead of a trap or a runaway allocation.
///
///     let length = try IntegerField("seqLength", in: 1...1_000_000).parse(" 71 ")   // 71
///     try IntegerField("shard_count", in: 1...8).check(-1)
///     // throws: shard_count -1 is not a whole number in 1...8
public struct IntegerField: Sendable, Equatable {
    /// The field's name as the user wrote it (`seqLength`, `shard_count`, `SLURM_ARRAY_TASK_ID`).
    public let name: String
    public let range: ClosedRange<Int>

    public init(_ name: String, in range: ClosedRange<Int>) {
        self.name = name
        self.range = range
    }

    /// The value of `text`: optional spaces, an optional sign and decimal digits. Throws
    /// ``IntegerFieldError`` for anything else, for a number outside ``range`` and for one beyond
    /// what an `Int` holds.
    public func parse(_ text: String) throws -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let value = Int(trimmed), range.contains(value) else {
            throw IntegerFieldError(field: name, text: trimmed, range: range)
        }
        return value
    }

    /// `value` when it is in ``range``; throws ``IntegerFieldError`` otherwise (for numbers a
    /// decoder has already read, such as a JSON field).
    @discardableResult
    public func check(_ value: Int) throws -> Int {
        guard range.contains(value) else { throw IntegerFieldError(field: name, text: String(value), range: range) }
        return value
    }
}

/// A whole-number field that is not a number, or not in its range. The description names the
/// field and the value; the caller adds the file and line, or says that it is a variable.
public struct IntegerFieldError: Error, CustomStringConvertible, Equatable, Sendable {
    public let field: String
    /// The text as read (trimmed).
    public let text: String
    public let range: ClosedRange<Int>

    public var description: String {
        let expected = range.upperBound == Int.max ? "a whole number of \(range.lowerBound) or more"
            : "a whole number in \(range.lowerBound)...\(range.upperBound)"
        return "\(field) '\(text)' is not \(expected)"
    }
}
