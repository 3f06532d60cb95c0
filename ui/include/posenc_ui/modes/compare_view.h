// SPDX-License-Identifier: GPL-3.0-or-later
// Two to four schemes side by side at the same length, with linked zoom and hover, and a
// difference map where the first two panels have the same shape.
#pragma once

#include <QString>
#include <QTimer>
#include <QWidget>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "posenc/base/scheme.hpp"
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

/// The panels Compare opens with for what the window shows (scheme `scheme` at `params`,
/// view `view`): panel 1 the same, its parameters that differ from the defaults as overrides
/// (the length left to the compare view); panel 2 its companion, the same scheme and view
/// with the parameters of posenc::companionParams (e.g. RoPE scaled against unscaled,
/// sinusoidal interleaved against concatenated), or posenc::compareDefaults().companion for
/// a scheme without companion rules.
[[nodiscard]] std::vector<ComparePanelSpec> companionPanels(const posenc::Scheme& scheme,
                                                            const posenc::ParamSet& params,
                                                            const QString& view);

class CompareView : public QWidget {
  Q_OBJECT
 public:
  explicit CompareView(QWidget* parent = nullptr);
  ~CompareView() override;

  /// 2 to 4 panels (other counts are clamped; fewer than 2 are padded with
  /// posenc::compareDefaults().filler).
  void setPanels(const std::vector<ComparePanelSpec>& panels);
  /// What Compare shows on entering it from the window: the common length from the
  /// parameters' length (`length`, else Transformer-XL's `qlen`; clamped to 1 .. 2^20), the
  /// panels of companionPanels(scheme, params, view), and the difference map when both
  /// panels show the same scheme.
  void showCompanions(const posenc::Scheme& scheme, const posenc::ParamSet& params,
                      const QString& view);
  [[nodiscard]] std::vector<ComparePanelSpec> panels() const;
  void setLength(Index length);
  [[nodiscard]] Index length() const;
  /// Show the difference map (panel 1 - panel 2) as an extra panel.
  void setDifferenceShown(bool shown);
  [[nodiscard]] bool differenceShown() const;
  /// Heatmaps that show the same quantity (the same value label) share one colour scale:
  /// the lowest to the highest value among them (off by default: each panel its own).
  void setSharedScale(bool shared);
  [[nodiscard]] bool sharedScale() const;

  /// The plot of panel `index` (0-based; the difference map is index panels().size()).
  [[nodiscard]] PlotView* plotView(int index) const;
  /// The readout line under panel `index` ("row i, column j = value" for the linked hover;
  /// the difference map's line is index panels().size()).
  [[nodiscard]] QString readoutText(int index) const;
  /// A function every hover computation calls first, on the worker thread (default none).
  /// Tests use it to hold a computation until something has happened in the UI thread. It
  /// must be thread-safe and must not touch the view.
  void setHoverWorkerHook(std::function<void()> hook) { m_hoverHook = std::move(hook); }
  /// True while any panel is computing.
  [[nodiscard]] bool busy() const;
  /// Font scale of the plots (presentation mode).
  void setFontScale(double scale);

 signals:
  /// Every panel has its newest result (for tests and the status bar).
  void settled();
  /// The readouts show the values of the hovered cell (row, col), computed off the UI thread;
  /// only for the newest hover (for tests).
  void hoverShown(posenc::Index row, posenc::Index col);

 protected:
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  struct Panel;
  struct HoverRequest;
  struct HoverAnswer;
  void rebuild();
  void retranslate();
  void applyPanel(int index);
  void onResult(int index, const ViewResult& result);
  /// Draws panel `p`'s last result with texts fitted to its size.
  void drawPanel(Panel& p) const;
  /// Draws every panel that has a result again (the shared scale changed).
  void redrawAll();
  /// What panel `p`'s heatmap shows (its value label), empty when it shows no heatmap.
  [[nodiscard]] static QString quantityOf(const Panel& p);
  /// The colour scale's span `p` shares with the heatmaps of its quantity, or none.
  [[nodiscard]] std::optional<std::pair<double, double>> sharedSpan(const Panel& p) const;
  /// The crosshair on cell (row, col) of every heatmap that has it.
  void markEveryPanel(posenc::Index row, posenc::Index col);
  /// Draws again the panels whose size moved their fitted font scale (plot_fit.h).
  void refitTexts();
  void linkZoom(int from);
  void linkZoomFrom(PlotView* source);
  void showDifference();
  void linkHover(Index row, Index col);
  /// Computes `request` on a worker thread (one at a time: a hover arriving meanwhile
  /// replaces the waiting one), then shows it if it is still the newest hover.
  void startHover(const HoverRequest& request, quint64 generation);
  /// Runs on a worker thread: the hovered cell of every panel's view (exact, even where the
  /// picture is sampled). Never throws: a cell the core refuses is "outside this view".
  static HoverAnswer computeHover(const HoverRequest& request);
  void showHover(const HoverAnswer& answer, Index row, Index col);
  void clearHover();
  void updateDifference();

  std::vector<Panel*> m_panels;
  QSpinBox* m_length = nullptr;
  QSpinBox* m_count = nullptr;
  QCheckBox* m_showDiff = nullptr;
  QCheckBox* m_sharedScale = nullptr;
  QLabel* m_lengthLabel = nullptr;
  QLabel* m_countLabel = nullptr;
  QWidget* m_grid = nullptr;
  PlotView* m_diffPlot = nullptr;
  double m_diffFontScale = 0;  ///< Font scale of the difference picture shown.
  QTimer m_refit;              ///< refitTexts() once the layout has given the panels their sizes.
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
  quint64 m_hoverGeneration = 0;         ///< Newest hover (or clearing); older answers are dropped.
  bool m_hoverRunning = false;           ///< A hover is being computed; at most one at a time.
  std::function<void()> m_hoverPending;  ///< The newest hover that arrived meanwhile.
  std::function<void()> m_hoverHook;     ///< setHoverWorkerHook's function, or empty.
};

}  // namespace posenc::ui
