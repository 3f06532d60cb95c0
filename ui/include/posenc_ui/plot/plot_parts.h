// SPDX-License-Identifier: GPL-3.0-or-later
// What every picture is made of: the options a drawing takes, and the pieces drawMatrix
// (draw_matrix.h), drawSeries (draw_series.h) and savePicture (picture_file.h) share: fonts and
// sizes, the header and notes, styled axes with readable ticks, the legend, the equal-aspect
// axis rect, and the record of a drawing. The window and the command line call only PlotOptions
// from here; the rest is for the drawing sources in ui/src/plot/.
// Sizes are in points at 96 dpi and are applied as pixel sizes, so a picture is laid out the
// same on every screen and in every file format.
#pragma once

#include <QColor>
#include <QFont>
#include <QObject>
#include <QSize>
#include <QString>
#include <Qt>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>

#include "posenc/base/view.hpp"

class QCPAxis;
class QCPAxisRect;
class QCPLayoutGrid;
class QCPLegend;
class QCPRange;
class QCPTextElement;
class QCustomPlot;

namespace posenc {
class ParamSet;
class Scheme;
}  // namespace posenc

namespace posenc::ui {

/// How to draw a view. Empty strings take the view's own defaults.
struct PlotOptions {
  QString colormap;  ///< A colormapIds() id; empty = defaultColormap(view).
  QString title;     ///< Empty = view.title.
  /// The colour bar's (or value axis') label in English (translated when drawn, as
  /// view.valueLabel is); empty = view.valueLabel. describeValues sets it (and an empty
  /// title, translated) from Scheme::labels.
  QString valueLabel;
  QString subtitle;        ///< Second line under the title (e.g. parameters); may be empty.
  double fontScale = 1.0;  ///< Multiplies every font size (presentation mode uses >= 1.6).
  /// Set when the view's values come from random stand-in weights drawn from this seed
  /// (ViewSpec::randomStandIns): the header gets a line "random stand-in weights, seed N"
  /// (standInLine). Unset: no such line, the picture as before.
  std::optional<std::uint64_t> standInSeed;
  /// Non-empty: the term the view draws is absent for these parameters (Scheme::absentTerm,
  /// in the current language); a heatmap writes this in its axis area instead of its cells.
  QString absentTerm;
  /// Heatmaps: values the colour scale must cover besides those drawn (lowest, highest), so
  /// that several pictures share one scale whatever part each shows (the Check window's yours
  /// and ours). Unset: the scale follows the values drawn, as before.
  std::optional<std::pair<double, double>> valueSpan;
};

/// Sets options.standInSeed and options.absentTerm for view `view` of `scheme` at `params`
/// (posenc::standInSeed, Scheme::absentTerm translated by coreText), so that every picture of
/// the view, in the window, in Compare and in files, says where its numbers come from.
void describeValues(PlotOptions& options, const Scheme& scheme, const ParamSet& params,
                    std::string_view view);

/// "random stand-in weights, seed N" in the current language, or empty without a seed.
[[nodiscard]] QString standInLine(const PlotOptions& options);

/// `view` with options.valueLabel in place of its value label when one is set.
[[nodiscard]] posenc::ViewSpec relabelled(const ViewSpec& view, const PlotOptions& options);

// ---------------------------------------------------------------------------------------------
// For the drawing sources

inline constexpr double kTickPt = 11.0;      ///< Tick labels.
inline constexpr double kLabelPt = 12.0;     ///< Axis and colour-scale labels.
inline constexpr double kTitlePt = 15.0;     ///< Title (bold).
inline constexpr double kSubtitlePt = 11.5;  ///< Subtitle line under the title.
inline constexpr double kNotePt = 11.0;      ///< Notes under the plot ("masked", "sampled").
inline constexpr double kLegendPt = 11.0;    ///< Legend entries.

/// Plot properties the header sets and the picture files read: the title (PNG "Title", SVG
/// and PDF title) and the description (SVG description: the subtitle, else the view's text).
inline constexpr const char* kTitleProperty = "posencPictureTitle";
inline constexpr const char* kDescriptionProperty = "posencPictureDescription";

/// PlotOptions::fontScale made safe: clamped to [0.25, 8], 1 when not finite or not positive.
[[nodiscard]] double safeScale(double scale);

/// `value` points-at-96-dpi (or pixels) times the font scale, at least 1.
[[nodiscard]] int px(double value, double scale);

/// A sans-serif font of `points` points at 96 dpi times `scale`. DejaVu Sans draws Latin and
/// Greek text (and embeds in PDF as TrueType); Noto Sans CJK SC takes over for Chinese.
[[nodiscard]] QFont plotFont(double points, double scale, bool bold = false);

/// A subtitle in the current language. Exports write "<scheme name>    <parameters>"
/// (view_export.cpp): the scheme's name is translated, the parameters are ids and values.
[[nodiscard]] QString localizedSubtitle(const QString& subtitle);

/// What a drawing function keeps about its picture, as a child of the plot (drawMatrix keeps
/// the heatmap's parts, to replace only the values next time); resetPlot deletes every one.
class PlotRecord : public QObject {
 public:
  explicit PlotRecord(QObject* plot) : QObject(plot) {}
};

/// Removes everything drawn before: plottables, items, layout elements, the groups that tied
/// them together and the PlotRecords. QCustomPlot resets plot.xAxis, .yAxis and .legend when
/// they go.
void resetPlot(QCustomPlot& plot);

/// Adds the title and subtitle rows at the top of the plot layout (each a line that shrinks,
/// then elides, rather than widen the picture), then the `standIn` line (standInLine) when
/// it is not empty, and sets kTitleProperty and kDescriptionProperty; returns the next free
/// row.
int addHeader(QCustomPlot& plot, const QString& title, const QString& subtitle, double s,
              const QString& description, const QString& standIn = {});

/// Adds a note line (soft ink, note size) in layout row `row`.
QCPTextElement* addNote(QCustomPlot& plot, int row, const QString& text, double s);

/// Adds a note with a colour swatch before its text in layout row `row`, e.g. "[grey] masked
/// cells".
void addSwatchNote(QCustomPlot& plot, int row, const QString& text, double s, const QColor& swatch);

/// Makes `rect`'s axes the plot's default axes, as code elsewhere expects plot.xAxis etc., with
/// the axes above the plottables and the grids below them.
void adoptAxes(QCustomPlot& plot, QCPAxisRect* rect);

/// Fonts, ink, ticks and grid of a labelled axis. Its ticker picks as many ticks as the axis
/// length and the label size allow (steps 1, 2, 2.5, 5 times a power of ten; with
/// `integerTicks` whole numbers only, 10,000 and more written short: "65,536", "250k", "1.2M").
void styleAxis(QCPAxis* axis, const QString& label, double s, bool integerTicks);

/// The top and right axes as a plain frame: a line, no ticks, no labels.
void frameAxis(QCPAxis* axis, double s);

/// A new axis rect whose two axes keep one data unit the same length in pixels (a circle looks
/// round), showing at least the box `boxX` x `boxY`. When the user zooms or drags, the new
/// view becomes the box to show.
[[nodiscard]] QCPAxisRect* newEqualAspectRect(QCustomPlot& plot, const QCPRange& boxX,
                                              const QCPRange& boxY);

/// A layout grid for a heatmap's axis rect (cell (0, 0)) and its colour scale (cell (0, 1))
/// that keeps the heatmap's cells square: the rect's inside takes the aspect of its visible
/// ranges (x span / y span), as large as fits, and the rect and scale are centred in the space
/// the grid is given (equal margins left and right, or above and below). For square matrices,
/// so that the diagonals m - n = const run at 45 degrees and a circle stays round.
[[nodiscard]] QCPLayoutGrid* newSquareCellGrid();

/// Where a legend goes.
enum class LegendPlace {
  Hidden,  ///< One curve or a heatmap: no legend shown (it exists, invisible, as plot.legend).
  Inside,  ///< In an empty corner of the axis rect.
  Above,   ///< In a centred row between the title and the plot.
  Beside,  ///< In a column right of the plot, top-aligned.
};

/// Makes the legend, puts it in its place and makes it plot.legend, so that new plottables
/// add themselves to it. `aboveRow` is the plot-layout row for LegendPlace::Above; `body` holds
/// the axis rect in (0, 0) and takes the legend in (0, 1) for LegendPlace::Beside.
/// `aboveColumns` > 0 sets the entries per row above the plot (else up to 4 items in one row,
/// more in rows of 3).
QCPLegend* makeLegend(QCustomPlot& plot, LegendPlace place, Qt::Alignment corner, QCPAxisRect* rect,
                      QCPLayoutGrid* body, int aboveRow, int items, double s, int aboveColumns = 0);

/// Makes every axis label of `plot` as long as its axis at most, as laid out now: drawn
/// smaller (down to 70 %), then (a y label) on two lines, then cut with an ellipsis, rather than
/// run past the picture's edge (a rotated y label longer than the chart lost its first characters).
/// True when a label changed (lay the plot out again).
bool fitAxisLabels(QCustomPlot& plot);

/// Draws the plot once at `size` into a throw-away 1x1 image, so that everything sized from
/// the previous layout (tick counts, equal-aspect ranges) is right for this size. Cheap: the
/// colour-map image is made once and kept. Nothing for an empty size.
void layOutFor(QCustomPlot& plot, QSize size);

}  // namespace posenc::ui
