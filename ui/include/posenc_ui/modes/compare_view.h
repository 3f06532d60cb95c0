// SPDX-License-Identifier: GPL-3.0-or-later
// Two to four schemes side by side at the same length, with linked zoom and hover, and a
// difference map where the first two panels have the same shape.
#pragma once

#include <QString>
#include <QWidget>
#include <optional>

#include <string>
#include <utility>
#include <vector>

#include "posenc/scheme.hpp"
#include "posenc_ui/control/encoding_controller.h"
#include "posenc_ui/io/session_io.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QCheckBox;

namespace posenc::ui {

class PlotView;

/// What one compare panel shows: a scheme, its view, and parameter overrides as KEY=VALUE
/// words (the command line's --set syntax, e.g. "scaling=linear factor=4"); the compare
/// view's common length is applied on top to every scheme with a `length` parameter.
struct ComparePanelSpec {
  QString scheme;
  QString view;
  QString overrides;
  friend bool operator==(const ComparePanelSpec&, const ComparePanelSpec&) = default;
};

/// The parameters a panel computes with: defaults, then `overrides`, then `length` for
/// schemes that have it (Transformer-XL: qlen). @throws ParamError naming the word or the
/// parameter that is wrong.
[[nodiscard]] posenc::ParamSet comparePanelParams(const ComparePanelSpec& spec, Index length);

/// A - B cell by cell for two results over the same cells (NaN where either is NaN).
/// @throws ParamError ("difference") when the full shapes or the sampled cells differ.
[[nodiscard]] posenc::MatrixResult differenceOf(const posenc::MatrixResult& a,
                                                const posenc::MatrixResult& b);

class CompareView : public QWidget {
  Q_OBJECT
 public:
  explicit CompareView(QWidget* parent = nullptr);
  ~CompareView() override;

  /// 2 to 4 panels (other counts are clamped).
  void setPanels(const std::vector<ComparePanelSpec>& panels);
  [[nodiscard]] std::vector<ComparePanelSpec> panels() const;
  void setLength(Index length);
  [[nodiscard]] Index length() const;
  /// Show the difference map (panel 1 - panel 2) as an extra panel.
  void setDifferenceShown(bool shown);
  [[nodiscard]] bool differenceShown() const;

  /// The plot of panel `index` (0-based; the difference map is index panels().size()).
  [[nodiscard]] PlotView* plotView(int index) const;
  /// The readout line under panel `index` ("(i, j) = value" for the linked hover).
  [[nodiscard]] QString readoutText(int index) const;
  /// True while any panel is computing.
  [[nodiscard]] bool busy() const;
  /// Font scale of the plots (presentation mode).
  void setFontScale(double scale);

 signals:
  /// Every panel has its newest result (for tests and the status bar).
  void settled();

 protected:
  void changeEvent(QEvent* event) override;

 private:
  struct Panel;
  void rebuild();
  void retranslate();
  void applyPanel(int index);
  void onResult(int index, const ViewResult& result);
  void linkZoom(int from);
  void linkZoomFrom(PlotView* source);
  void showDifference();
  void linkHover(Index row, Index col);
  void clearHover();
  void updateDifference();

  std::vector<Panel*> m_panels;
  QSpinBox* m_length = nullptr;
  QSpinBox* m_count = nullptr;
  QCheckBox* m_showDiff = nullptr;
  QLabel* m_lengthLabel = nullptr;
  QLabel* m_countLabel = nullptr;
  QWidget* m_grid = nullptr;
  PlotView* m_diffPlot = nullptr;
  EncodingController* m_diffA = nullptr;  ///< Panel 1's scheme over the difference's region.
  EncodingController* m_diffB = nullptr;  ///< Panel 2's scheme over the same region.
  QString m_diffView;
  ViewResult m_diffResultA, m_diffResultB;
  QLabel* m_diffNote = nullptr;
  bool m_linking = false;
  /// The zoom the panels share, as last linked. A panel asking again for its region at the
  /// same zoom (a finer resolution, a resize) changes nothing; only a panel whose zoom
  /// differs from this one has been zoomed or panned, and the others follow it.
  std::optional<Zoom> m_linkedZoom;
  double m_fontScale = 1.0;
};

}  // namespace posenc::ui
