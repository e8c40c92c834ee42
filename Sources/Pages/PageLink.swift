import Files
import Foundation

/// A link from a page to a file beside it, by a path relative to the page's folder, so that the
/// page and its files can be moved together and opened from `file://`.
///
///     PageLink.url("clip stills/frame-000012.png")   // "clip%20stills/frame-000012.png"
public enum PageLink {
    /// A relative path (`/`-separated) as a URL path: each component percent-encoded.
    static func url(_ relativePath: String) -> String {
        relativePath.split(separator: "/", omittingEmptySubsequences: false).map { component in
            String(component).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#;"))) ?? String(component)
        }.joined(separator: "/")
    }

    /// The folder of stills beside a page: `out/clip.html` keeps them in `out/clip.stills/`.
    public static func stillsFolder(forPage page: String) -> String {
        let name = FilePath.name(of: page), folder = FilePath.folder(of: page)
        let stem = name.hasSuffix(".html") ? String(name.dropLast(5)) : name
        return FilePath.joining(folder, stem + ".stills")
    }

    /// A still's file name in its folder: `frame-000012.png` for frame 12.
    public static func stillName(frame: Int) -> String {
        String(format: "frame-%06d.png", frame)
    }
}
