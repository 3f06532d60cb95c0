// SPDX-License-Identifier: GPL-3.0-or-later
// The Explore page: the current scheme's views as tabs (one at a time) or as a grid of 1, 2 or
// 4 cells, each cell a view chooser over a plot and a slot of the EncodingController.
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>
#include <QTimer>
#include <QWidget>
#include <array>
#include <functional>
#include <optional>

#include "posenc_ui/control/encoding_controller.h"

class QButtonGroup;
class QComboBox;
class QLabel;
class QTabBar;

namespace posenc::ui {

class PlotView;

/// Asks `controller` for what each visible cell shows and draws the results. Hovering a heatmap
/// cell (with the mouse, or with the arrow keys on a focused heatmap) is reported, not handled.
class ViewGrid : public QWidget {
  Q_OBJECT
 public:
  ViewGrid(EncodingController& controller, QWidget* parent);
  ~ViewGrid() override;

  /// Cells shown: 1 (tabs, grid1), 2 or 4.
  [[nodiscard]] int cellCount() const;
  [[nodiscard]] PlotView& plotView(int slot);
  [[nodiscard]] QString cellView(int slot) const;
  /// The last result cell `slot` showed, if any.
  [[nodiscard]] const ViewResult* lastResult(int slot) const;
  /// View `viewId` of the current scheme, or null.
  [[nodiscard]] const posenc::ViewSpec* viewSpec(const QString& viewId) const;

  /// Shows view `viewId` in cell `slot` (in tabs mode: selects the tab).
  void setCellView(int slot, const QString& viewId);
  /// "tabs", "grid1", "grid2" or "grid4" (anything else: "tabs"); re-requests the cells.
  void setLayoutMode(const QString& mode);
  [[nodiscard]] QString layoutMode() const { return m_layout; }
  /// Views for cell 0 (unless empty) and the first cells, shown by the next setLayoutMode.
  void presetViews(const QString& first, const QStringList& grid);
  /// Whether grid cells show their view chooser (not in presentation mode: the class sees the
  /// pictures, and a 2 x 2 grid on a 1024 x 768 projector needs every line).
  void setChoosersShown(bool shown);
  /// Slides (presentation mode): a grid of 2 or 4 cells that does not fit its page without
  /// scrolling shows one picture at a time, large, with a "(b) of 4: name" row of buttons
  /// above it; where the grid fits, nothing changes. Off: the grid again.
  void setSlidePictures(bool on);
  /// The one picture shown (0 = (a), ...), or -1 when the whole grid is.
  [[nodiscard]] int shownPicture() const { return m_picture; }
  /// Shows picture `index` of the grid alone (slides only; -1: the whole grid).
  void showPicture(int index);
  /// The slide keys: the next (`by` = 1) or previous (-1) picture; false when there is none
  /// (the grid shown whole, or at its first or last picture), so the key moves the lesson on.
  bool stepPicture(int by);
  /// The next time the grid becomes one picture at a time, it starts at its last picture (the
  /// slide keys went back to this step from the next one).
  void startAtLastPicture() { m_fromLast = true; }
  /// The views of the shown cells (none in tabs mode).
  [[nodiscard]] QStringList gridViews() const;
  /// A new scheme: view tabs and choosers, each cell one of its views (a view it has stays).
  void schemeChanged();
  /// View tabs and each cell's view chooser for the current scheme (texts in place when the
  /// views are the same, e.g. after a language change).
  void fillViewLists();

  /// Colour map of every picture ("" = each view's default); redraw() shows it.
  void setColormap(const QString& id) { m_colormap = id; }
  /// The model shown (ModelActions::label), the pictures' subtitle; empty: none. Call redraw().
  void setModelLabel(const QString& label) { m_model = label; }
  [[nodiscard]] QString modelLabel() const { return m_model; }
  [[nodiscard]] QString colormap() const { return m_colormap; }
  /// Size of the pictures' texts (1 = 100 %); redraw() shows it.
  void setFontScale(double scale) { m_fontScale = scale; }
  /// Draws the shown cells' last results again.
  void redraw();
  void resetZoom();
  /// The last result's timing line for the status bar, in the current language.
  [[nodiscard]] QString timingText() const;

 signals:
  /// Cell 0 shows `view` now (by tab, chooser or call).
  void firstViewShown(const QString& view);
  /// Cell 0's picture was drawn again.
  void firstCellDrawn();
  /// Heatmap cell (row, col) of `slot` is hovered, by the mouse or the arrow keys.
  void cellHovered(int slot, posenc::Index row, posenc::Index col);
  /// A point of curve `curve` of a chart is hovered.
  void pointHovered(const posenc::ViewSpec& spec, const QString& curve, double x, double y);
  /// The mouse left a plot.
  void hoverLeft();
  /// The heatmap the arrow keys moved on lost the focus.
  void keyFocusLost(int slot);
  void timingChanged();

 protected:
  /// Arrow keys on a focused heatmap move the hovered cell.
  bool eventFilter(QObject* watched, QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  struct Cell {
    QWidget* frame = nullptr;
    QComboBox* chooser = nullptr;
    PlotView* plot = nullptr;
    QString view;
    std::optional<ViewResult> last;  ///< Last result shown, to redraw on a colour map change.
    double drawnFontScale = 0;       ///< Font scale of the picture shown (fittedFontScale).
    QSize drawnSize;                 ///< Plot size the picture shown was drawn for.
  };

  void buildCell(QWidget* host, int k);
  void buildPictureRow();
  /// Gives the first `count` cells different views when the scheme has that many: a cell
  /// showing an earlier cell's view (or none of the scheme's) takes the first view not shown.
  void distinctCellViews(int count);
  void requestCell(int slot);
  void showResult(int slot, const ViewResult& result);
  void redrawCell(int slot);
  void hoverCell(int slot, posenc::Index row, posenc::Index col);
  /// Arrow key `key` on cell `slot`'s heatmap; false when it does not move the cell.
  bool moveKeyCell(int slot, int key);
  /// Draws again the cells whose size moved their fitted font scale (plot_fit.h).
  void refitTexts();
  /// Slides: one picture at a time when the grid does not fit its page, the grid when it does.
  void fitSlide();
  /// Shows the cells the layout and the picture say, and the picture row's texts.
  void showCells();

  EncodingController& m_controller;
  QTabBar* m_tabs = nullptr;
  std::array<Cell, 4> m_cells;
  QWidget* m_pictureRow = nullptr;  ///< "(b) of 4: name", the (a)..(d) buttons, the keys' hint.
  QLabel* m_pictureName = nullptr;
  QLabel* m_pictureKeys = nullptr;
  QButtonGroup* m_pictureButtons = nullptr;
  bool m_slides = false;  ///< setSlidePictures.
  int m_picture = -1;     ///< shownPicture.
  bool m_fromLast = false;
  QSize m_pictureSince;  ///< The page's size when the grid became one picture at a time.
  QTimer m_fit;          ///< fitSlide() once the layout has settled.
  QString m_layout = QStringLiteral("tabs");
  bool m_choosersShown = true;
  QTimer m_refit;  ///< refitTexts() once the resizes of a layout pass are done.
  QString m_colormap;
  QString m_model;  ///< setModelLabel.
  double m_fontScale = 1.0;
  std::function<QString()> m_timing;  ///< The last timing line, as a function of the language.
  int m_keySlot = -1;                 ///< Slot whose cell the arrow keys move, -1 none.
  posenc::Index m_keyRow = 0, m_keyCol = 0;
};

}  // namespace posenc::ui
