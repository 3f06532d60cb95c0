// SPDX-License-Identifier: GPL-3.0-or-later
// The Check window's pictures: yours, ours and the signed difference (yours − ours) of the
// compared region, drawn by the project's plot code (PlotView, drawMatrix, drawSeries), with
// linked zoom and hover and one readout line for the three.
#pragma once

#include <QString>
#include <QTimer>
#include <QWidget>
#include <array>
#include <utility>

#include "posenc/base/view.hpp"
#include "posenc/check/check.hpp"

class QGridLayout;
class QLabel;
class QStackedLayout;

namespace posenc::ui {

class PlotView;

/// A matrix view shows three heatmaps: yours and ours in the view's colour map over one shared
/// colour range (both matrices' values), and yours − ours in the diverging map centred on 0
/// with its own symmetric range (at least the tolerance at the largest |ours|, so a match
/// stays pale and a mismatch stands out). A series view shows two charts: yours (dashed) and
/// ours (solid) in one, a curve's pair in one colour, and the differences in the other.
///
/// The pictures are in the compared region's own indices (cell (0, 0) is the region's first
/// cell; a subtitle says where that is in the view when it is not (0, 0)); the readout gives
/// absolute indices. Zooming or panning one picture zooms the others to the same cells (a
/// chart: the same x range); hovering a heatmap cell puts the crosshair on that cell in all
/// three. Wide (at least kWideWidth pixels): the pictures side by side; narrower: yours and
/// ours side by side over the difference (a chart over the other).
class CheckPlots : public QWidget {
  Q_OBJECT
 public:
  /// At least this wide (logical pixels), the three heatmaps stand in one row.
  static constexpr int kWideWidth = 1260;

  explicit CheckPlots(QWidget* parent = nullptr);
  ~CheckPlots() override;

  /// Shows yours, ours and the difference of `report` (whose shapes match) for view `spec`.
  /// `axis`, for a series view: x of the view and its curves' names (report row i is curve
  /// report.rowStart + i, column j is point report.colStart + j).
  void setReport(const posenc::ViewSpec& spec, const posenc::CheckReport& report,
                 const posenc::SeriesResult& axis);
  /// Shows `message` in place of the pictures (the shapes differ, nothing checked yet).
  void setMessage(const QString& message);
  /// The text size of the pictures (the window's text scale; 1 = 100 %); redraws.
  void setFontScale(double scale);
  /// Draws the pictures again (a language change).
  void redraw();

  /// 3 for a matrix view, 2 for a series view, 0 while a message is shown.
  [[nodiscard]] int pictureCount() const;
  /// Picture `k`: 0 yours (a series: yours and ours), 1 ours (a series: the difference),
  /// 2 the difference of a matrix view.
  [[nodiscard]] PlotView& picture(int k);
  /// The readout line: the hovered cell's row, column, yours, ours and difference, or a hint.
  [[nodiscard]] QString readout() const;
  /// Whether the pictures stand in one row.
  [[nodiscard]] bool sideBySide() const { return m_sideBySide; }

 protected:
  void resizeEvent(QResizeEvent* event) override;
  void changeEvent(QEvent* event) override;
  /// A picture's plot resized: its texts are fitted again once the layout settles.
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  enum class Kind { None, Matrix, Series };

  /// Puts the pictures in one row or in two by the widget's width.
  void arrange();
  void drawMatrixPicture(int k, const posenc::Region& region);
  void drawSeriesPictures();
  /// A matrix picture asks for the cells it shows at the resolution it draws.
  void answer(int k, const posenc::Region& region);
  /// Picture `from` was zoomed or panned: the others follow.
  void linkRanges(int from);
  /// Connects the axes picture `k` has now to linkRanges (once per axis).
  void watchAxes(int k);
  void showCell(int from, posenc::Index row, posenc::Index col);
  void endHover(int from);
  void showHint();
  /// The font scale of picture `k` at its size (plot_fit.h).
  [[nodiscard]] double pictureScale(int k) const;
  /// Draws again the pictures whose size moved their fitted font scale.
  void refitTexts();

  std::array<PlotView*, 3> m_views{};
  QWidget* m_pictures = nullptr;
  QGridLayout* m_grid = nullptr;
  QStackedLayout* m_stack = nullptr;
  QLabel* m_message = nullptr;
  QLabel* m_readout = nullptr;
  Kind m_kind = Kind::None;
  bool m_sideBySide = true;
  bool m_linking = false;  ///< Ranges are being set by code: no linking, no answers.
  bool m_hovering = false;
  double m_fontScale = 1.0;
  std::array<double, 3> m_drawnScale{};  ///< The font scale each picture was drawn with.
  QTimer m_refit;                        ///< refitTexts() once a layout pass is done.
  posenc::ViewSpec m_spec;
  posenc::CheckReport m_report;  ///< yours, ours, region start and tolerance.
  posenc::Matrix m_difference;
  posenc::SeriesResult m_axis;
  std::pair<double, double> m_sharedSpan{0, 0};  ///< Colour range of yours and ours.
  double m_differenceSpan = 0;                   ///< Colour range ± of the difference.
};

}  // namespace posenc::ui
