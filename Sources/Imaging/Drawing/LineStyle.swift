/// How a rectangle's outline is stroked.
public enum LineStyle: Equatable, Hashable, Sendable {
    /// A continuous outline.
    case solid
    /// Runs of `dash` drawn pixels separated by `gap` undrawn pixels along each edge, each edge
    /// starting with a dash at its corner (edges run clockwise from the top-left corner).
    /// `dash` below 1 counts as 1; `gap` below 1 draws a solid outline.
    case dashed(dash: Int, gap: Int)
}
