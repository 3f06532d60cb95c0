// SPDX-License-Identifier: GPL-3.0-or-later
// An interactive plot of one view: heatmap or chart, zoom, pan, hover, crosshair.
#pragma once

#include <QPointF>
#include <QPointer>
#include <QRect>
#include <QString>
#include <QTimer>
#include <QWidget>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "posenc/base/view.hpp"
#include "posenc_ui/plot/plot_parts.h"
#include "posenc_ui/plot/zoom.h"

class QCustomPlot;
class QCPAxis;
class QCPColorMap;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;
class QCPItemTracer;
class QAction;
class QLabel;
class QMouseEvent;
class QRubberBand;
class QShowEvent;

namespace posenc::ui {

/// Shows a matrix view (through drawMatrix) or a series view (through drawSeries), so it
/// looks exactly like the exported picture, and adds interaction, as plotting tools do: a left
/// drag zooms to the box it draws (a heatmap to whole cells; a box thinner than a few pixels
/// zooms only the other axis), Shift+drag or a middle-button drag pans, a wheel notch zooms
/// 1.5x about the mouse, both axes; double-click, Home or R shows everything; Ctrl+G or the
/// context menu (right click) types the range to show. A crosshair follows the mouse on
/// heatmaps; hovering reports the cell (or the nearest point of a chart).
/// For matrix views the widget asks for the region it shows at the resolution it draws
/// (visible rows x cols, at most its pixel size times the device pixel ratio) through
/// regionRequested, and draws whatever setMatrix gives it.
class PlotView : public QWidget {
  Q_OBJECT
 public:
  explicit PlotView(QWidget* parent = nullptr);
  ~PlotView() override;

  /// Shows a matrix result. Keeps the current zoom if the view id and full shape are unchanged.
  void setMatrix(const posenc::ViewSpec& view, const posenc::MatrixResult& result,
                 const PlotOptions& options);
  /// Shows a series result (same zoom rule).
  void setSeries(const posenc::ViewSpec& view, const posenc::SeriesResult& result,
                 const PlotOptions& options);
  /// Shows a message instead of a plot (e.g. the core's error for these parameters); the next
  /// setMatrix/setSeries, or an empty message, shows the plot again (with its zoom).
  void setMessage(const QString& message);

  /// The region of the matrix the widget currently shows, sampled to its pixel grid.
  [[nodiscard]] posenc::Region visibleRegion() const;
  /// Current zoom in data coordinates; nullopt when showing everything. Until the result it
  /// waits for arrives, the zoom last given to setZoom.
  [[nodiscard]] std::optional<Zoom> zoom() const;
  /// Restores a zoom (from a session); nullopt = whole view. Applies to what is shown now and
  /// also to the next result if that is of another view (a session opens before it computes).
  void setZoom(const std::optional<Zoom>& zoom);
  /// Shows everything (double-click, Home, R).
  void resetZoom();

  /// Shows a typed range: a heatmap's rows (`first`) and columns (`second`), each "A:B" for
  /// the cells A to B - 1 as the command line's --rows / --cols ("A:" runs to the end); a
  /// chart's x (`first`) and y (`second`), each "A:B" within the chart. An empty field shows
  /// that axis whole. Input that is refused changes nothing; false and `*error` says why,
  /// naming the field, the value and what is allowed (RangeDialog::parseCells/parseValues).
  bool goToRange(const QString& first, const QString& second, QString* error = nullptr);
  /// Opens the "Go to Range" dialog on the current range (window-modal, not blocking); its OK
  /// goes through goToRange and keeps the dialog open with the reason when refused.
  void openRangeDialog();
  /// The action that opens it: Ctrl+G while the plot has focus, and in its context menu. A
  /// window menu can show this action rather than bind Ctrl+G again (which would be ambiguous).
  [[nodiscard]] QAction* goToRangeAction() const { return m_rangeAction; }

  /// Puts the crosshair (and, when the cell is big enough to see, its outline) on cell
  /// (row, col) of a heatmap without a hover signal: the cell the arrow keys moved to. The
  /// mouse's next hover moves it; clearMark() hides it. Nothing for a chart.
  void markCell(posenc::Index row, posenc::Index col);
  /// Hides a crosshair markCell() put, unless the mouse is hovering the plot.
  void clearMark();

  /// True when a heatmap of a square matrix is shown: its cells are square on screen (one
  /// cell as many pixels across as down, newSquareCellGrid), so an overlay that should look
  /// round (a lesson's ring) takes the same radius in rows and columns.
  [[nodiscard]] bool squareCells() const {
    return m_kind == Kind::Matrix && m_shape.rows == m_shape.cols && m_shape.rows > 0 &&
           !m_dimensionColumns;
  }

  /// The underlying plot, for export and clipboard (same picture as on screen).
  [[nodiscard]] QCustomPlot& plot();

 signals:
  /// The user zoomed or panned a heatmap: the controller should compute this region.
  void regionRequested(const posenc::Region& region);
  /// Mouse over cell (row, col) of a heatmap; value is what is drawn there (NaN = masked).
  void cellHovered(posenc::Index row, posenc::Index col, double value);
  /// Mouse near point index `index` of curve `curve` of a chart.
  void pointHovered(int curve, int index, double x, double y);
  /// Mouse left the data area.
  void hoverLeft();

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;
  void changeEvent(QEvent* event) override;
  void showEvent(QShowEvent* event) override;

 private:
  enum class Kind { None, Matrix, Series };
  /// What a mouse drag on the plot does: draw a zoom box, or pan.
  enum class Drag { None, Box, Pan };
  /// An interval of one axis, in data coordinates.
  struct Span {
    double lo = 0, hi = 0;
  };

  void showPlot();
  /// After drawMatrix/drawSeries: interactions, range limits, overlay items, ranges to show.
  void adoptDrawing(std::optional<Zoom> keep);
  void applyRanges(const std::optional<Zoom>& zoom);
  /// Keeps `axis` inside the data's full extent and above the smallest span.
  void limitRange(QCPAxis* axis);
  /// The view settled after a zoom, pan, resize or new result: hover again, ask for the region.
  void settle();
  /// Moves m_mouse to where the mouse, still since its last event, is on the plot now (the
  /// plot or the window moved under it); ends the hover when that is off the plot.
  void followStillMouse();
  /// Texts of the actions and the controls tooltip, in the current language.
  void retranslate();
  /// A press in the data area starts a box (left) or a pan (middle, Shift+left); true if so.
  bool startDrag(const QMouseEvent* event);
  void moveDrag(const QPointF& pos);
  void endDrag(const QPointF& pos);
  /// Moves the view so the point under the drag's start is under `pos`.
  void panTo(const QPointF& pos);
  /// Zooms to the part of the data area inside `box` (widget pixels, any corner order).
  void zoomToBox(const QRectF& box);
  void showContextMenu(const QPoint& pos);
  void hoverAt(const QPointF& pos);
  [[nodiscard]] double drawnValue(double x, double y) const;
  void hoverMatrix(const QPointF& pos);
  /// The crosshair and cell outline on cell (row, col), in absolute cell indices.
  void placeCrosshair(posenc::Index row, posenc::Index col);
  /// Hides the crosshair and cell outline; true if any was showing.
  bool hideCrosshair();
  void hoverSeries(const QPointF& pos);
  /// A chart's point: its curve, its index in the result, where it is drawn (pixels).
  struct NearPoint {
    int curve = -1;  ///< -1: none.
    int index = -1;
    QPointF pixel;
  };
  /// The drawn point nearest to `pos` within the hover radius, over every curve.
  [[nodiscard]] NearPoint nearestPoint(const QPointF& pos) const;
  /// Index of the point (x, y) of the curve with values `ys` in m_series; -1 if none.
  [[nodiscard]] int seriesIndex(const std::vector<double>& ys, double x, double y) const;
  /// Index of the bar at x of the curve with values `ys` (its first finite y there); -1 if none.
  [[nodiscard]] int barIndex(const std::vector<double>& ys, double x) const;
  /// The tracer and the "name: x = .., y = .." readout on `point` of the plot `area`.
  void showPointReadout(const NearPoint& point, const QRect& area, double x, double y);
  void endHover();
  void refreshOverlay();
  /// True when the drawn result was made for `region` (so asking for it again is useless).
  [[nodiscard]] bool answers(const posenc::Region& region) const;
  [[nodiscard]] Span fullX() const { return {m_full.x0, m_full.x1}; }
  [[nodiscard]] Span fullY() const { return {m_full.y0, m_full.y1}; }

  QCustomPlot* m_plot = nullptr;
  QLabel* m_message = nullptr;
  QTimer m_settle;  ///< Single-shot debounce after zooms and pans (~40 ms).

  Kind m_kind = Kind::None;
  std::string m_viewId;
  posenc::MatrixShape m_shape{};      ///< Matrix: full shape of the view.
  bool m_dimensionColumns = false;    ///< Matrix: ViewSpec::dimensionColumns (a table).
  std::size_t m_seriesPoints = 0;     ///< Series: x.size() (the "shape" of a chart).
  std::size_t m_seriesCurves = 0;     ///< Series: curves.size().
  bool m_parametric = false;          ///< Series drawn with equal aspect (a path).
  Zoom m_full{};                      ///< Axis ranges that show everything.
  std::vector<posenc::Index> m_rows;  ///< Absolute rows of the drawn matrix cells.
  std::vector<posenc::Index> m_cols;  ///< Absolute columns of the drawn matrix cells.
  posenc::SeriesResult m_series;      ///< The drawn chart, for the hover readout.
  bool m_seriesSorted = true;         ///< m_series.x is increasing.
  QPointer<QCPColorMap> m_map;

  bool m_hasPendingZoom = false;  ///< setZoom before the result it belongs to arrived.
  std::optional<Zoom> m_pendingZoom;
  std::optional<posenc::Region> m_lastRequested;
  std::optional<posenc::Region> m_reasked;  ///< Asked again after another request's answer.

  // Mouse drags (box zoom, pan) and the actions of the context menu.
  Drag m_drag = Drag::None;
  QPointF m_dragFrom;   ///< Where the drag started (widget pixels).
  Span m_panX, m_panY;  ///< The axis ranges when a pan started.
  QRubberBand* m_band = nullptr;
  QAction* m_rangeAction = nullptr;
  QAction* m_wholeAction = nullptr;

  // Hover state and overlay items (owned by the plot; drawMatrix/drawSeries delete them).
  bool m_mouseInPlot = false;  ///< The mouse is over the plot widget (m_mouse is valid).
  QPointF m_mouse;
  QPointF m_mouseGlobal;    ///< m_mouse on the screen, at its last event.
  bool m_hovering = false;  ///< A cell or point is reported (hoverLeft is owed).
  posenc::Index m_hoverRow = -1, m_hoverCol = -1;
  int m_hoverCurve = -1, m_hoverIndex = -1;
  bool m_fullReplotPending = false;  ///< A full replot is queued: the overlay waits for it.
  std::array<QPointer<QCPItemStraightLine>, 4> m_cross;  ///< Halo + line, vertical then horizontal.
  std::array<QPointer<QCPItemRect>, 2> m_cellBox;        ///< Halo + outline of the cell.
  QPointer<QCPItemTracer> m_tracer;
  QPointer<QCPItemText> m_readout;
};

}  // namespace posenc::ui
