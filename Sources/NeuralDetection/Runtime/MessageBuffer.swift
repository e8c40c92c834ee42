extension String {
    /// The text of a C message buffer: its bytes up to the first NUL (all of them without one), as UTF-8.
    init(messageBuffer characters: [CChar]) {
        self.init(decoding: characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
