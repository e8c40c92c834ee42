/// The rows of CSV text read line by line from a ``TrackFileInput``, with the 1-based line each
/// starts on, blank lines left out. A quoted field may hold commas, `""` for a quote, and line
/// breaks (a label written by ``TrackCSV/quoted(_:)``).
///
///     var rows = CSVRows(TrackFileInput(text: "a,b\n1,\"x,y\"\n", path: "t.csv"))
///     while let (line, fields) = try rows.next() { ... }   // (1, ["a", "b"]), (2, ["1", "x,y"])
struct CSVRows {
    private let input: TrackFileInput
    private var ready: [(line: Int, fields: [String])] = []
    private var ended = false
    private var fields: [String] = []
    private var current = ""
    private var inQuotes = false, quotedField = false, blank = true
    /// A quote seen inside a quoted field: it ends the field unless a second quote follows.
    private var quoteInQuotes = false
    private var line = 1, rowLine = 1
    /// Bytes of the row so far: a quoted field left open must not take in the whole file.
    private var rowLength = 0

    init(_ input: TrackFileInput) {
        self.input = input
    }

    /// The next row; nil after the last. Throws ``TrackCSVError`` naming the row's first line for
    /// an unterminated quoted field or a row longer than ``TrackFileInput/longestPiece``, and the
    /// input's errors.
    mutating func next() throws -> (line: Int, fields: [String])? {
        while ready.isEmpty && !ended {
            if let piece = try input.nextPiece(endingAt: TrackFileInput.lineBreak) {
                try scan(piece)
            } else {
                try finish()
            }
        }
        return ready.isEmpty ? nil : ready.removeFirst()
    }

    private mutating func scan(_ piece: String) throws {
        rowLength += piece.utf8.count
        if rowLength > TrackFileInput.longestPiece {
            throw TrackCSVError(path: input.path, line: rowLine,
                                reason: "a row longer than \(TrackFileInput.longestPiece >> 20) MiB, the most vtrack reads at once (a quoted field left open?)")
        }
        for ch in piece {
            if quoteInQuotes {
                quoteInQuotes = false
                if ch == "\"" {
                    current.append("\"")
                    continue
                }
                inQuotes = false
            }
            if inQuotes {
                if ch == "\"" {
                    quoteInQuotes = true
                } else {
                    if ch.isNewline { line += 1 }
                    current.append(ch)
                }
            } else if ch.isNewline {
                endRow()
                line += 1
                rowLine = line
            } else if ch == "\"" && current.isEmpty && !quotedField {
                inQuotes = true
                quotedField = true
                blank = false
            } else if ch == "," {
                fields.append(current)
                current = ""
                quotedField = false
                blank = false
            } else {
                current.append(ch)
                if !ch.isWhitespace { blank = false }
            }
        }
    }

    private mutating func finish() throws {
        ended = true
        if quoteInQuotes { inQuotes = false }
        guard !inQuotes else { throw TrackCSVError(path: input.path, line: rowLine, reason: "unterminated quoted field") }
        endRow()
    }

    private mutating func endRow() {
        fields.append(current)
        if !blank { ready.append((rowLine, fields)) }
        fields = []
        current = ""
        quotedField = false
        blank = true
        rowLength = 0
    }
}
