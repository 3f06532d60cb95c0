// SPDX-License-Identifier: GPL-3.0-or-later
// Views of a scheme: what each picture shows, and how a region of a matrix view is requested.
#pragma once

#include <string>
#include <vector>

#include "posenc/base/types.hpp"

namespace posenc {

/// Matrix views are heatmaps (rows x cols); series views are line or bar charts.
enum class ViewKind { Matrix, Series };

/// Description of one view of a scheme.
struct ViewSpec {
  std::string id{};  ///< Stable id (`--view ID`).
  ViewKind kind = ViewKind::Matrix;
  std::string title{};        ///< Picture title.
  std::string xLabel{};       ///< Matrix: column axis (e.g. "key position j"); series: x axis.
  std::string yLabel{};       ///< Matrix: row axis (e.g. "query position i"); series: y axis.
  std::string valueLabel{};   ///< Colour-scale label: matrix (e.g. "bias"); series: Curve::colour.
  bool signedValues = false;  ///< Values take both signs: diverging colour map centred on 0.
  bool bars = false;          ///< Series drawn as bars rather than lines (e.g. per-head slopes).
  bool logY = false;          ///< Series: logarithmic y axis (all y > 0), e.g. wavelengths.
  bool parametric = false;    ///< Series: x is not sorted; points are joined in order (a path).
  /// Series with bars: the curves have their bars at different x (each x in one curve only, as
  /// the layers view colours each layer by its kind), so each bar is drawn full width at its x
  /// rather than side by side with the other curves'.
  bool disjointBars = false;
  bool integerValues = false;  ///< Matrix: values are integer ids (e.g. T5 bucket numbers).
  /// Matrix: the columns are model dimensions or pairs (an encoding table), not positions, so
  /// a table that happens to be square (length == dim) is not drawn with square cells; every
  /// other square matrix (positions by positions) is, so its diagonals run at 45 degrees.
  bool dimensionColumns = false;
  /// Matrix: longest row (keys per query) this view evaluates, 0 = the scheme's own limits.
  /// Set for views that need a whole row before any cell is known (softmax attention);
  /// every other view goes to the parameters' maxima (1,048,576 positions).
  Index maxRowLength = 0;
  /// Matrix: model-width vectors (`dim` or `d_model` doubles) held per requested row and
  /// column while the view is evaluated (tables, projections, cached rows), measured with a
  /// margin; 0 when the work is per cell or per distance. The memory estimate
  /// (matrixRequestBytes) uses it.
  double vectorsPerPosition = 0;
  /// The values come from random stand-in weights drawn from the `seed` parameter (a learned
  /// table, T5's bias table, content vectors, projections, RoPE's q and k), not from a trained
  /// model, whose values differ: pictures and exports say so (the ui draws "random stand-in
  /// weights, seed N"). A property of the view under every parameter set of its scheme: a
  /// view that draws anything at random is flagged even when a parameter makes another part
  /// of it deterministic (TUPE's pp with positions = sinusoidal still draws U^Q and U^K).
  bool randomStandIns = false;
  /// A Text parameter (e.g. learned's `table`) that, when set, replaces every stand-in the view
  /// draws by a trained table, so the view is no longer drawn from `seed`. Empty: none.
  std::string standInsUnless{};
  std::string description{};  ///< One line: what the view shows and its sign convention.
};

/// Shape of a matrix view for given parameters.
struct MatrixShape {
  Index rows = 0;
  Index cols = 0;
};

/// A rectangular part of a matrix view, sampled to at most maxRows x maxCols.
/// Rows [r0, r1) and columns [c0, c1); r1 or c1 < 0 means "to the end".
/// maxRows / maxCols <= 0 means "every cell".
struct Region {
  Index r0 = 0;
  Index r1 = -1;
  Index c0 = 0;
  Index c1 = -1;
  Index maxRows = 0;
  Index maxCols = 0;
  friend bool operator==(const Region&, const Region&) = default;
};

/// Indices sampled from [begin, end): every index when end - begin <= maxSamples (or
/// maxSamples <= 0), otherwise maxSamples indices, the centre cell of each of maxSamples
/// equal bins: begin + floor((k + 1/2) (end - begin) / maxSamples).
[[nodiscard]] std::vector<Index> sampleIndices(Index begin, Index end, Index maxSamples);

/// The values of a matrix view on a sampled region.
/// values(a, b) is the exact value of cell (rows[a], cols[b]); masked cells are NaN.
struct MatrixResult {
  MatrixShape full{};         ///< Shape of the whole view.
  std::vector<Index> rows{};  ///< Absolute row indices, increasing.
  std::vector<Index> cols{};  ///< Absolute column indices, increasing.
  Matrix values{};            ///< rows.size() x cols.size().
  /// True when every row and column of the region is present (no sampling).
  [[nodiscard]] bool exact() const;
};

/// One additive or explanatory part of a cell's value, for the hover readout
/// (e.g. Transformer-XL's term (a), or ALiBi's slope and distance).
struct Term {
  std::string name{};  ///< Short label, e.g. "(a) q.k / sqrt(d_head)" or "slope m_h".
  double value = 0;
};

/// How a curve is drawn.
enum class CurveStyle {
  Line,    ///< Points joined by straight lines (the default).
  Steps,   ///< A step at each x (integer-valued curves such as bucket ids).
  Points,  ///< Markers only, no line (discrete positions, single points).
};

/// One named curve of a series view.
struct Curve {
  std::string name{};
  std::vector<double> y{};  ///< Same length as SeriesResult::x; NaN = gap.
  CurveStyle style = CurveStyle::Line;
  /// Colour group: curves with the same group >= 0 share a colour (e.g. one query position
  /// drawn by several methods); -1 = a colour of its own, by the curve's index.
  int group = -1;
  /// Line-style family: curves with the same family >= 0 share a pen style (0 solid, 1 dashed,
  /// 2 dotted, 3 dash-dotted), e.g. one per method; -1 = by the curve's index.
  int family = -1;
  /// Per point, a value that colours the curve there through a sequential colour map with a
  /// colour scale labelled ViewSpec::valueLabel (e.g. the position of each point of a path);
  /// same length as y. Empty: the curve has one colour.
  std::vector<double> colour{};
};

/// The values of a series view: curves over a common x axis.
struct SeriesResult {
  std::vector<double> x{};
  std::vector<Curve> curves{};
};

}  // namespace posenc
