import Files
import Foundation

/// An image-sequence pattern as FFmpeg's `image2` reader takes it: a path with one `%d` or
/// `%0Nd` for the picture's number (`img/%04d.jpg`; FFmpeg pads `%Nd` with zeros too), `%%` for
/// a literal `%`.
///
/// FFmpeg plays such a sequence from the first number in 0...4 that exists and stops, without a
/// word, at the first number missing after it. ``firstGap()`` finds the pictures that would be
/// left out that way, so a reader can refuse the sequence instead of ending it early.
///
///     if let gap = ImageSequencePattern("img/%04d.jpg")?.firstGap() {
///         print(gap.missing, gap.resumesAt)   // img/0003.jpg img/0005.jpg
///     }
struct ImageSequencePattern {
    private let folder: String
    private let prefix: String, suffix: String
    /// The `N` of `%0Nd` or `%Nd`, 0 for `%d`.
    private let width: Int

    /// Nil when `path` holds no number placeholder (a single picture) or more than one, or when
    /// its folder part has a placeholder (FFmpeg's pattern is then not worth second-guessing).
    init?(_ path: String) {
        let folder = FilePath.folder(of: path)
        let name = FilePath.name(of: path)
        guard !folder.contains("%") else { return nil }
        var prefix = "", suffix = "", width: Int?
        var characters = Substring(name)
        while let character = characters.first {
            characters = characters.dropFirst()
            guard character == "%" else {
                if width == nil { prefix.append(character) } else { suffix.append(character) }
                continue
            }
            if characters.first == "%" {
                characters = characters.dropFirst()
                if width == nil { prefix.append("%") } else { suffix.append("%") }
                continue
            }
            let digits = characters.prefix(while: \.isNumber)
            guard width == nil, characters.dropFirst(digits.count).first == "d",
                  digits.count <= 3 else { return nil }
            width = Int(digits) ?? 0
            characters = characters.dropFirst(digits.count + 1)
        }
        guard let width else { return nil }
        self.folder = folder
        self.prefix = prefix
        self.suffix = suffix
        self.width = width
    }

    /// The path of picture `number`, as FFmpeg names it.
    func path(of number: Int) -> String {
        let digits = String(number)
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        let name = prefix + padded + suffix
        return FilePath.joining(folder, name)
    }

    /// The first picture missing from the run FFmpeg plays while a later picture exists: the
    /// missing one's path and the path of the next picture present. Nil when the sequence has no
    /// such gap (or its folder cannot be listed).
    func firstGap() -> (missing: String, resumesAt: String)? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return nil }
        let numbers = Set(names.compactMap(number(in:)))
        // FFmpeg's image2 reader starts at the first of 0...4 present.
        guard let first = (0...4).first(where: numbers.contains) else { return nil }
        var end = first
        while numbers.contains(end + 1) { end += 1 }
        guard let resumes = numbers.filter({ $0 > end }).min() else { return nil }
        return (path(of: end + 1), path(of: resumes))
    }

    /// The number of the picture called `name` in the pattern's folder, or nil when the name does
    /// not come from the pattern.
    private func number(in name: String) -> Int? {
        guard name.count > prefix.count + suffix.count, name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
        guard digits.count <= 9, digits.allSatisfy(\.isASCII), let value = Int(digits), value >= 0,
              FilePath.name(of: path(of: value)) == name else { return nil }
        return value
    }
}
